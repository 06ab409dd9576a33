/**
 * Refinancing a defunct lender's loan (document 2 §9): which collateral treatment applies at the
 * loan's current LTV, and how much collateral a top-up takes.
 */
import {
  REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT,
  REFI_TOP_UP_TARGET_LTV_PCT,
} from './constants/limits.js';
import { DomainError } from './errors.js';
import { additionalCoinQuantity } from './ltv.js';
import { coinQuantityString, toFiniteDecimal, type Decimal } from './money.js';

export const REFI_OPTIONS = ['CUSTODY_ONLY', 'OWNERSHIP_TRANSFER'] as const;
export type TRefiOption = (typeof REFI_OPTIONS)[number];

export type TRefiPricing = { option: TRefiOption; topUpRequired: boolean };

/** The spec's example rates for the two treatments: 14% APR custody only, 13% ownership transfer. */
export const REFI_EXAMPLE_APR_PCT: Readonly<Record<TRefiOption, number>> = {
  CUSTODY_ONLY: 14,
  OWNERSHIP_TRANSFER: 13,
};

function toLtv(currentLtvPct: Decimal | number | string): Decimal {
  const ltv = toFiniteDecimal(currentLtvPct, 'INVALID_LTV');
  if (ltv.isNegative()) {
    throw new DomainError('INVALID_LTV', 'An LTV is a non-negative percentage');
  }
  return ltv;
}

/**
 * The treatment at this LTV without adding collateral when there is one: up to 55% custody-only;
 * above 55% up to and including 70% ownership transfer; above 70% custody-only with a top-up to 55%.
 */
export function refiPricing(currentLtvPct: Decimal | number | string): TRefiPricing {
  const ltv = toLtv(currentLtvPct);
  if (ltv.lte(REFI_TOP_UP_TARGET_LTV_PCT)) return { option: 'CUSTODY_ONLY', topUpRequired: false };
  if (ltv.lte(REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT)) {
    return { option: 'OWNERSHIP_TRANSFER', topUpRequired: false };
  }
  return { option: 'CUSTODY_ONLY', topUpRequired: true };
}

/**
 * Every treatment open at this LTV (the rate choices by collateral treatment): besides refiPricing's,
 * custody-only with a top-up stays open to a borrower in the ownership-transfer range.
 */
export function refiOptions(currentLtvPct: Decimal | number | string): TRefiPricing[] {
  const pricing = refiPricing(currentLtvPct);
  return pricing.option === 'OWNERSHIP_TRANSFER'
    ? [pricing, { option: 'CUSTODY_ONLY', topUpRequired: true }]
    : [pricing];
}

/** Coin to add to bring the loan to the 55% target, rounded up to 6 decimals ("0" if none). */
export function refiTopUpCoinQuantity(input: {
  loanCents: number;
  coinQuantity: Decimal | string;
  priceCents: number;
}): string {
  return coinQuantityString(
    additionalCoinQuantity(
      input.loanCents,
      input.coinQuantity,
      input.priceCents,
      REFI_TOP_UP_TARGET_LTV_PCT,
    ),
  );
}

/** Stabilization (liquidation trigger moved to 85%) is offered with custody-only loans alone. */
export function isStabilizationAvailable(option: TRefiOption): boolean {
  return option === 'CUSTODY_ONLY';
}
