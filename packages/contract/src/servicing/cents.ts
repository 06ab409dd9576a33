import { z } from 'zod/mini';

/** A whole number of cents, zero or more. */
export const ZCents = z.int().check(z.nonnegative(), z.describe('integer cents'));
