/**
 * The rules of a typed number (document 2 §5) as plain checks, for places that need no schema (a
 * field's first render): a non-negative decimal with at most NUMERIC_INPUT_MAX_DECIMALS places.
 */
import { NUMERIC_INPUT_MAX_DECIMALS } from '../constants/limits.js';
import { countDecimals } from '../cents.js';

const DECIMAL_NUMBER_PATTERN = /^(?:\d+\.?\d*|\.\d+)$/;

export const NUMERIC_INPUT_MESSAGES = {
  // Document 1 §5: "Non-numbers give 'Enter an Amount'".
  notANumber: 'Enter an Amount',
  tooManyDecimals: (max: number) => `Maximum of ${max} decimal places.`,
} as const;

export function isDecimalNumberText(text: string): boolean {
  return DECIMAL_NUMBER_PATTERN.test(text.trim());
}

/** True when the typed number has at most `max` digits after the decimal point. */
export function isWithinDecimals(text: string, max: number = NUMERIC_INPUT_MAX_DECIMALS): boolean {
  return countDecimals(text) <= max;
}
