/**
 * The payout pages follow the residence's rail: an international loan is paid in USDC
 * and never takes a US bank account; a US loan is paid by ACH and never takes a USDC wallet. A
 * borrower who opens the other rail's page goes to their own.
 */
import type { TAppRouteSegment } from './routing.js';

/** Which rail a payout page serves. */
export type TDisbursementPageRail = 'US_BANK' | 'USDC_WALLET';

/** The page of the borrower's own rail when `rail` is the other one; null when it is theirs. */
export function disbursementPageRedirect(input: {
  isInternational: boolean;
  rail: TDisbursementPageRail;
}): TAppRouteSegment | null {
  if (input.isInternational && input.rail === 'US_BANK') return 'usdc-disbursement';
  if (!input.isInternational && input.rail === 'USDC_WALLET') return 'disbursement';
  return null;
}
