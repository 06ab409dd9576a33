/**
 * How numbers are shown, the same on every page that shows them (document 2 §9). Coin and
 * collateral precisions sit with the other limits in limits.ts.
 */

/** Rates and APRs show 3 decimals ("8.910%"). */
export const RATE_DISPLAY_DECIMALS = 3;
