/**
 * Loan terms and rate tiers (document 1 §1 and §9).
 */

/** Every loan runs 12 months with interest-only monthly payments. */
export const LOAN_TERM_MONTHS = 12;

export type TRateTierId = 'RATE_1' | 'RATE_2';

export type TRateTier = {
  readonly id: TRateTierId;
  /** Fixed annual interest rate in basis points (891 = 8.91%). */
  readonly interestRateBps: number;
  /** The tier applies when the initial LTV is at most this (and above the previous tier's maximum). */
  readonly maxInitialLtvPct: number;
  readonly warningLtvPct: number;
  readonly marginCallLtvPct: number;
  readonly liquidationLtvPct: number;
};

/** Ordered from the lowest initial LTV (and rate) upward; tier selection relies on this order. */
export const RATE_TIERS: readonly TRateTier[] = [
  {
    id: 'RATE_1',
    interestRateBps: 891,
    maxInitialLtvPct: 50,
    warningLtvPct: 75,
    marginCallLtvPct: 80,
    liquidationLtvPct: 90,
  },
  {
    id: 'RATE_2',
    interestRateBps: 1150,
    maxInitialLtvPct: 75,
    warningLtvPct: 80,
    marginCallLtvPct: 85,
    liquidationLtvPct: 90,
  },
];

/** No offer is made above this initial LTV: it equals the last tier's maximum. */
export const MAX_INITIAL_LTV_PCT = 75;

/**
 * A courtesy notice goes out when the LTV is this percentage below the tier's margin-call level
 * (document 1 §9: "5% below the margin call level"): 80 → 76, 85 → 80.75. Read as a share of the
 * margin-call level, so the notice sits between the warning and the margin call and is a step of its
 * own for the borrower.
 */
export const COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT = 5;

/** Below this LTV the borrower may rebalance (take collateral back or draw more). */
export const REBALANCE_BELOW_LTV_PCT = 35;

/** Time a borrower has to cure a margin call before liquidation. */
export const MARGIN_CALL_CURE_HOURS = 48;

/**
 * An offer is priced on a live coin price, so it lapses: after this many minutes it can no longer be
 * accepted and a fresh offer must be requested. The spec gives no value; 15 minutes is our choice.
 */
export const OFFER_TTL_MINUTES = 15;

/**
 * Renewal: under this initial LTV the page warns that the collateral is higher than what other
 * borrowers typically pledge (document 1 §5, "under 20%").
 */
export const HIGH_COLLATERAL_WARNING_LTV_PCT = 20;
