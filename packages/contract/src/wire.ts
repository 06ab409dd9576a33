import { z } from 'zod/mini';
import {
  COIN_QUANTITY_MAX_LENGTH,
  isDomainError,
  isWithinDecimals,
  MAX_COLLATERAL_DECIMALS,
  OFFER_MESSAGES,
  usdToCents,
} from '@pledge/domain';

/**
 * Scalars of the wire format shared by every endpoint: money is a JSON number of US dollars with at
 * most two decimals (exactly convertible to integer cents), coin quantities are decimal strings,
 * rates and LTVs are percent numbers.
 */

export { ZHref, ZOrgCode } from './brand-scalars.js';

/** Whether the number converts to integer cents exactly (the domain's rule for money input). */
function isExactCents(usd: number): boolean {
  try {
    usdToCents(usd);
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}

/** US dollars, at most 2 decimals, never negative; a float that drifted (0.1 + 0.2) is refused. */
export const ZUsd = z
  .number()
  .check(
    z.nonnegative(),
    z.multipleOf(0.01),
    z.refine(isExactCents, 'Amount must have at most 2 decimals'),
    z.describe('US dollars, at most 2 decimals'),
  );
export type TUsd = z.infer<typeof ZUsd>;

/** A strictly positive dollar amount (requested loan amounts, prices). */
export const ZPositiveUsd = ZUsd.check(z.refine((usd) => usd > 0, 'Amount must be greater than 0'));

const COIN_QUANTITY_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

/** An exact decimal quantity of coins as a string ("1.25"), zero or more, any precision. */
export const ZCoinQuantity = z
  .string()
  .check(
    z.maxLength(COIN_QUANTITY_MAX_LENGTH, 'Must be a decimal number'),
    z.regex(COIN_QUANTITY_PATTERN, 'Must be a decimal number'),
    z.describe('coin quantity, decimal string'),
  );
export type TCoinQuantity = z.infer<typeof ZCoinQuantity>;

/** A coin quantity a borrower types, zero allowed (an optional top-up): at most 6 decimals. */
export const ZCoinQuantityInputOrZero = z.string().check(
  z.trim(),
  z.maxLength(COIN_QUANTITY_MAX_LENGTH, { error: 'Must be a decimal number', abort: true }),
  z.regex(COIN_QUANTITY_PATTERN, { error: 'Must be a decimal number', abort: true }),
  z.refine((value) => isWithinDecimals(value, MAX_COLLATERAL_DECIMALS), OFFER_MESSAGES.maxDecimals),
  z.describe('coin quantity >= 0, at most 6 decimals, decimal string'),
);

/** A coin quantity a borrower types: greater than 0 with at most 6 decimals. */
export const ZCoinQuantityInput = ZCoinQuantityInputOrZero.check(
  z.refine((value) => /[1-9]/.test(value), 'Must be greater than 0'),
  z.describe('coin quantity > 0, at most 6 decimals, decimal string'),
);

/** A percent number (8.91 means 8.91 %). */
export const ZPercent = z.number().check(z.nonnegative(), z.describe('percent'));

/** An ISO 8601 date-time with an offset or `Z`. */
export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A calendar date `YYYY-MM-DD`. */
export const ZIsoDate = z.iso.date();

/** A US state or territory postal code ("CA"). */
export const ZStateCode = z
  .string()
  .check(
    z.maxLength(2, 'Must be a two-letter state code'),
    z.regex(/^[A-Z]{2}$/, 'Must be a two-letter state code'),
  );

/** An ISO 3166-1 alpha-2 country code ("DE"). */
export const ZCountryCode = z
  .string()
  .check(
    z.maxLength(2, 'Must be a two-letter country code'),
    z.regex(/^[A-Z]{2}$/, 'Must be a two-letter country code'),
  );

/**
 * A redirect target inside this origin only (never `//host` or a scheme), so that sign-in cannot be
 * turned into an open redirect.
 */
export const ZLocalPath = z.string().check(
  z.maxLength(2048),
  z.refine(
    (path) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\'),
    'Must be a path on this site',
  ),
);

/**
 * A map of at most `maxEntries` entries (JSON Schema `maxProperties`, which zod has no check for):
 * telemetry properties, per-brand overrides.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(
  key: K,
  value: V,
  maxEntries: number,
  message = `Give at most ${maxEntries} entries`,
) {
  return z.record(key, value).check(
    z.refine((entries) => Object.keys(entries).length <= maxEntries, { error: message }),
    z.meta({ maxProperties: maxEntries }),
  );
}

/** The answer of calls that reply 204 or 303: no body. */
export const ZNoContent = z.void();

/** The appUuid path parameter of every secure application path. */
export const ZAppParams = z.object({ appUuid: z.uuid() });
export const ZAppBorrowerParams = z.extend(ZAppParams, { identityUuid: z.uuid() });
export const ZAppBorrowerDocumentParams = z.extend(ZAppBorrowerParams, { docUuid: z.uuid() });
