/**
 * The offer form of /start and /{appUuid}/renew (document 1 §5), and the renewal page's texts.
 */
import { z } from 'zod/mini';
import { OFFERED_COLLATERAL_TYPES, type TOfferedCollateralType } from '../enums.js';
import { MAX_COLLATERAL_DECIMALS } from '../constants/limits.js';
import { HIGH_COLLATERAL_WARNING_LTV_PCT } from '../constants/rates.js';
import { Decimal, countDecimals, parseCashInput, toCoinQuantity, usdToCents } from '../money.js';
import { addCustomIssue } from './issues.js';
import { formatLoanLimit } from './loan-limit-text.js';
import { isDecimalNumberText } from './numeric-input.js';

export const OFFER_MESSAGES = {
  cashRequired: 'Enter an amount',
  collateralRequired: 'Enter an Amount',
  collateralTypeRequired: 'Select a collateral type',
  maxDecimals: `Maximum of ${MAX_COLLATERAL_DECIMALS} decimal places.`,
  amountMinimum: (amount: string) => `Amount minimum is ${amount}`,
  amountMaximum: (amount: string) => `Amount maximum is ${amount}`,
  minCoinQuantity: (quantity: string, type: TOfferedCollateralType) => `Min. ${quantity} ${type}`,
  noNewFunds: 'No new funds will be disbursed',
  highCollateralWarning:
    'This collateral amount is higher than what other borrowers typically pledge for similar sized loans.',
  additionalCollateralWarning:
    'Additional collateral is required to be eligible for an offer at the current cash to borrow amount.',
} as const;

export { formatLoanLimit };

export type TOfferFormOptions = {
  /** The residence's minimum and maximum cash to borrow, in US dollars. */
  minLoanUsd: number;
  maxLoanUsd: number;
  /** The least coin quantity per collateral type (crypto values), or one value for every type. */
  minCoinQuantity?: string | Partial<Record<TOfferedCollateralType, string>>;
  /** Renewal: cash is fixed and the collateral amount is additional, so neither is required. */
  isRenewal?: boolean;
};

const COIN_FIELDS = new Set<PropertyKey | undefined>(['collateralAmount', 'collateralType']);

/**
 * A field typed as text or given as a number, as trimmed text; anything else (a number that is
 * not finite included) is refused with `message`. One check, not a union of two: the server runs it
 * on every offer request, where a union first failed the text check of every number.
 */
const ZTextOrNumber = (message: string) =>
  z.transform((value: string | number, payload) => {
    if (typeof value === 'string') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value).trim();
    addCustomIssue(payload, message);
    return z.NEVER;
  });

function minCoinQuantityFor(
  option: TOfferFormOptions['minCoinQuantity'],
  type: TOfferedCollateralType,
): string | undefined {
  return typeof option === 'string' ? option : option?.[type];
}

/**
 * cashToBorrow comes out as integer cents (null when a renewal leaves it empty), collateralAmount
 * as an exact decimal string (null when a renewal adds none).
 */
export function makeOfferFormSchema(options: TOfferFormOptions) {
  const isRenewal = options.isRenewal ?? false;
  // Each type's least quantity as a decimal, made with the schema rather than on every check.
  const leastQuantities = new Map(
    OFFERED_COLLATERAL_TYPES.flatMap((type) => {
      const min = minCoinQuantityFor(options.minCoinQuantity, type);
      return min === undefined ? [] : [[type, { text: min, quantity: new Decimal(min) }] as const];
    }),
  );
  const minCents = usdToCents(options.minLoanUsd);
  const maxCents = usdToCents(options.maxLoanUsd);

  const cashToBorrow = z.pipe(
    ZTextOrNumber(OFFER_MESSAGES.cashRequired),
    z.transform((text: string, payload) => {
      if (isRenewal && text === '') return null;
      const cents = parseCashInput(text);
      if (cents === null) {
        addCustomIssue(payload, OFFER_MESSAGES.cashRequired);
        return z.NEVER;
      }
      // A renewal's cash is the current loan's; the residence's limits do not apply to it.
      if (!isRenewal && cents < minCents) {
        addCustomIssue(payload, OFFER_MESSAGES.amountMinimum(formatLoanLimit(options.minLoanUsd)));
        return z.NEVER;
      }
      if (!isRenewal && cents > maxCents) {
        addCustomIssue(payload, OFFER_MESSAGES.amountMaximum(formatLoanLimit(options.maxLoanUsd)));
        return z.NEVER;
      }
      return cents;
    }),
  );

  const collateralAmount = z.pipe(
    ZTextOrNumber(OFFER_MESSAGES.collateralRequired),
    z.transform((text: string, payload) => {
      if (isRenewal && text === '') return null;
      if (!isDecimalNumberText(text)) {
        addCustomIssue(payload, OFFER_MESSAGES.collateralRequired);
        return z.NEVER;
      }
      if (countDecimals(text) > MAX_COLLATERAL_DECIMALS) {
        addCustomIssue(payload, OFFER_MESSAGES.maxDecimals);
        return z.NEVER;
      }
      const quantity = toCoinQuantity(text);
      if (!isRenewal && quantity.isZero()) {
        addCustomIssue(payload, OFFER_MESSAGES.collateralRequired);
        return z.NEVER;
      }
      return quantity.toFixed();
    }),
  );

  return z
    .object({
      cashToBorrow,
      collateralAmount,
      collateralType: z.enum(OFFERED_COLLATERAL_TYPES, {
        error: OFFER_MESSAGES.collateralTypeRequired,
      }),
    })
    .check(
      z.superRefine(
        (value, ctx) => {
          // An added renewal amount has no minimum: the current loan's collateral already secures it.
          if (isRenewal || typeof value.collateralAmount !== 'string') return;
          const least = leastQuantities.get(value.collateralType);
          if (least !== undefined && new Decimal(value.collateralAmount).lessThan(least.quantity)) {
            ctx.addIssue({
              code: 'custom',
              path: ['collateralAmount'],
              message: OFFER_MESSAGES.minCoinQuantity(least.text, value.collateralType),
            });
          }
        },
        { when: (payload) => payload.issues.every((issue) => !COIN_FIELDS.has(issue.path?.[0])) },
      ),
    );
}
export type TOfferFormSchema = ReturnType<typeof makeOfferFormSchema>;
export type TOfferFormInput = z.input<TOfferFormSchema>;
export type TOfferForm = z.output<TOfferFormSchema>;

/** Renewal warning: the initial LTV is under HIGH_COLLATERAL_WARNING_LTV_PCT. */
export function isHighCollateralPledge(initialLtvPct: Decimal | number | string): boolean {
  return new Decimal(initialLtvPct).lessThan(HIGH_COLLATERAL_WARNING_LTV_PCT);
}

/** Renewal warning: the cash to borrow exceeds what the rate band allows for this collateral. */
export function needsAdditionalCollateral(input: {
  cashToBorrowCents: number;
  bandMaxAmountCents: number;
}): boolean {
  return input.cashToBorrowCents > input.bandMaxAmountCents;
}

/** The renewal page's warnings, in the order the page shows them. */
export function renewalOfferWarnings(input: {
  initialLtvPct: Decimal | number | string | null;
  cashToBorrowCents: number;
  bandMaxAmountCents: number | null;
}): string[] {
  const warnings: string[] = [];
  if (input.initialLtvPct !== null && isHighCollateralPledge(input.initialLtvPct)) {
    warnings.push(OFFER_MESSAGES.highCollateralWarning);
  }
  if (
    input.bandMaxAmountCents !== null &&
    needsAdditionalCollateral({
      cashToBorrowCents: input.cashToBorrowCents,
      bandMaxAmountCents: input.bandMaxAmountCents,
    })
  ) {
    warnings.push(OFFER_MESSAGES.additionalCollateralWarning);
  }
  return warnings;
}
