/**
 * Fees (document 1 §9). Rates are in basis points, flat amounts in cents.
 */
import type { TUsStateCode } from './states.js';

/** Origination fee, capitalised into the loan: 1% for US residents. */
export const ORIGINATION_FEE_DOMESTIC_BPS = 100;

/** Origination fee for international residents: 1.5%. */
export const ORIGINATION_FEE_INTERNATIONAL_BPS = 150;

/** States where no origination fee is charged. */
export const NO_ORIGINATION_FEE_STATES: readonly TUsStateCode[] = ['AL', 'KS', 'MN', 'NC', 'WI'];

/**
 * States where the fee is the greater of the domestic percentage or this flat amount
 * (IA $30, IN $200, MI $400, MO $100, OH $250).
 */
export const ORIGINATION_FEE_FLAT_MINIMUM_CENTS_BY_STATE: Readonly<
  Partial<Record<TUsStateCode, number>>
> = {
  IA: 3000,
  IN: 20000,
  MI: 40000,
  MO: 10000,
  OH: 25000,
};

/** States with their own percentage instead of the domestic one (NY 0.85%). */
export const ORIGINATION_FEE_BPS_BY_STATE: Readonly<Partial<Record<TUsStateCode, number>>> = {
  NY: 85,
};

/**
 * Liquidation processing fee: 2% of the amount liquidated. The spec's example next to it ("a $10,000
 * draw gives a $100 fee domestic or $150 international") matches the origination fee, not this one.
 */
export const LIQUIDATION_PROCESSING_FEE_BPS = 200;

/** Fee stated in the signing text when loan documents are not signed ($100). */
export const UNSIGNED_DOCUMENTS_FEE_CENTS = 10000;
