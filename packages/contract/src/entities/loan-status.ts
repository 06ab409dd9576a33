import { z } from 'zod/mini';
import { APPLICATION_STATES, STAGES } from '@pledge/domain';
import { ZCoinAmount } from './coin-amount.js';
import { ZIsoDate, ZIsoDateTime, ZPercent, ZUsd } from '../wire.js';

/** How a loan came to be: a new loan, a renewal of one, or a refinanced loan of the old lender. */
export const LOAN_TYPES = ['NEW_LOAN', 'RENEWAL', 'REFINANCE'] as const;
export type TLoanType = (typeof LOAN_TYPES)[number];

/** loanStatus (document 1 §7): one of the borrower's funded loans. */
export const ZLoanStatus = z.object({
  appUuid: z.uuid(),
  loanType: z.enum(LOAN_TYPES),
  state: z.enum(APPLICATION_STATES),
  stage: z.enum(STAGES),
  principalAmount: ZUsd,
  interestRate: ZPercent,
  annualPercentageRate: ZPercent,
  collateral: ZCoinAmount,
  fundedAt: ZIsoDateTime,
  maturityDate: ZIsoDate,
  /**
   * An active loan's renewal window (from RENEWAL_WINDOW_DAYS before maturity through maturity) and
   * whether it is open now, by the server's clock; absent for any other loan.
   */
  renewal: z.optional(
    z.object({
      opensOn: ZIsoDate,
      closesOn: ZIsoDate,
      isOpen: z.boolean(),
    }),
  ),
  profile: z.object({
    /** True when the loan is serviced in the mobile app; false means on the web. */
    isServicedViaApp: z.boolean(),
  }),
});
export type TLoanStatus = z.infer<typeof ZLoanStatus>;
