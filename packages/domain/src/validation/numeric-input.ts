/**
 * Numeric inputs (document 2 §5): a non-negative decimal number with at most
 * NUMERIC_INPUT_MAX_DECIMALS decimal places.
 */
import { z } from 'zod/mini';
import { NUMERIC_INPUT_MAX_DECIMALS } from '../constants/limits.js';
import { isDecimalNumberText, isWithinDecimals, NUMERIC_INPUT_MESSAGES } from './numeric-text.js';

export { isDecimalNumberText, isWithinDecimals, NUMERIC_INPUT_MESSAGES };

export const ZNumericInput = z.string({ error: NUMERIC_INPUT_MESSAGES.notANumber }).check(
  z.trim(),
  z.refine(isDecimalNumberText, { error: NUMERIC_INPUT_MESSAGES.notANumber, abort: true }),
  z.refine((text) => isWithinDecimals(text), {
    error: NUMERIC_INPUT_MESSAGES.tooManyDecimals(NUMERIC_INPUT_MAX_DECIMALS),
  }),
);
