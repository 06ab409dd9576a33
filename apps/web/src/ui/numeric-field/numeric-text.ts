import {
  isWithinDecimals,
  NUMERIC_INPUT_MAX_DECIMALS,
  NUMERIC_INPUT_MESSAGES,
} from '@pledge/domain';

export interface TNumericTextRules {
  /** Cash amounts may be typed with thousands separators ("20,000"). */
  allowCommas?: boolean;
  maxDecimals?: number;
}

const PLAIN_NUMBER_TEXT = /^\d*\.?\d*$/;
const GROUPED_NUMBER_TEXT = /^[\d,]*\.?\d*$/;
/** Spaces people paste inside numbers: ordinary, no-break, thin and narrow no-break spaces. */
const SPACES = /[\s\u00a0\u2009\u202f]/g;
/** Thousands groups: "20,000" or "1,234,567.5" (commas followed by exactly three digits). */
const THOUSANDS_GROUPED = /^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?$/;
/** One decimal comma, as many locales write it (and some phones' decimal keypads type): "1,5". */
const DECIMAL_COMMA = /^\d*,\d*$/;

/**
 * Whether an edit of a numeric field may stand: null when it may, otherwise the message that says
 * why not. Partial numbers ("", "12.", ".5") are fine while typing; the form validates the result.
 */
export function numericEditError(
  text: string,
  { allowCommas = false, maxDecimals = NUMERIC_INPUT_MAX_DECIMALS }: TNumericTextRules = {},
): string | null {
  const pattern = allowCommas ? GROUPED_NUMBER_TEXT : PLAIN_NUMBER_TEXT;
  if (!pattern.test(text)) return NUMERIC_INPUT_MESSAGES.notANumber;
  if (!isWithinDecimals(text, maxDecimals))
    return NUMERIC_INPUT_MESSAGES.tooManyDecimals(maxDecimals);
  return null;
}

export interface TNumericTextResult {
  /** The text the field takes; null when nothing of the input could be taken. */
  text: string | null;
  /** Why part or all of the input was refused; null when it was taken as it came. */
  message: string | null;
}

/**
 * Pasted (or dropped, or autofilled) text as a numeric field takes it: spaces, a leading "$" and
 * thousands separators are dropped (commas are kept where the field allows them), a lone decimal
 * comma is read as a point, and decimals beyond `maxDecimals` are cut with the message that says
 * so. Anything else that is not a plain number (letters, signs, exponent notation such as "1e3")
 * is refused whole.
 */
export function normalizeNumericText(
  raw: string,
  { allowCommas = false, maxDecimals = NUMERIC_INPUT_MAX_DECIMALS }: TNumericTextRules = {},
): TNumericTextResult {
  let text = raw.replace(SPACES, '');
  if (text.startsWith('$')) text = text.slice(1);
  if (THOUSANDS_GROUPED.test(text)) {
    if (!allowCommas) text = text.replaceAll(',', '');
  } else if (DECIMAL_COMMA.test(text) && !(allowCommas && text.endsWith(','))) {
    text = text.replace(',', '.');
  }
  const isWellGrouped = !text.includes(',') || THOUSANDS_GROUPED.test(text);
  if (!isWellGrouped || !PLAIN_NUMBER_TEXT.test(text.replaceAll(',', ''))) {
    return { text: null, message: NUMERIC_INPUT_MESSAGES.notANumber };
  }
  if (!isWithinDecimals(text, maxDecimals)) {
    const point = text.indexOf('.');
    return {
      text: text.slice(0, point + 1 + maxDecimals).replace(/\.$/, ''),
      message: NUMERIC_INPUT_MESSAGES.tooManyDecimals(maxDecimals),
    };
  }
  return { text, message: null };
}
