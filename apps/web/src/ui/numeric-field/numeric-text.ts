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
