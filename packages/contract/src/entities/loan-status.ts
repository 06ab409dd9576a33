import { z } from 'zod/mini';
import { APPLICATION_STATES, LOAN_STATUSES, RISK_LEVELS, STAGES } from '@pledge/domain';
import { ZCoinAmount } from './coin-amount.js';
import { ZNextPayment } from '../servicing/servicing-loan.js';
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
   * whether it is open now, by the server's clock; absent for any other loan. `position` says
   * whether today is before the window, in it, or after it (the loan matured unrenewed).
   */
  renewal: z.optional(
    z.object({
      opensOn: ZIsoDate,
      closesOn: ZIsoDate,
      isOpen: z.boolean(),
      position: z.optional(z.enum(['BEFORE', 'OPEN', 'AFTER'])),
    }),
  ),
  /**
   * Servicing (DESIGN §5): the loan (its application's uuid), its status and balances from the
   * ledger; present on every loan the server answers (optional for older clients' fixtures).
   */
  loanUuid: z.optional(z.uuid()),
  status: z.optional(z.enum(LOAN_STATUSES)),
  /** Principal owed with the capitalised fee and deferred interest (what interest runs on). */
  principal: z.optional(ZUsd),
  accruedInterest: z.optional(ZUsd),
  /** Current LTV in percent; null while no price is known. */
  ltv: z.optional(z.nullable(ZPercent)),
  warningLtv: z.optional(ZPercent),
  marginCallLtv: z.optional(ZPercent),
  liquidationLtv: z.optional(ZPercent),
  marginCallPrice: z.optional(z.nullable(ZUsd)),
  liquidationPrice: z.optional(z.nullable(ZUsd)),
  nextPaymentDue: z.optional(z.nullable(ZIsoDate)),
  nextPaymentAmount: z.optional(z.nullable(ZUsd)),
  /**
   * What is due, as the loan page shows it (the same object): the next due date and amount, what
   * is past due and for how many days. nextPaymentDue and nextPaymentAmount are its date and amount.
   */
  nextPayment: z.optional(z.nullable(ZNextPayment)),
  /** The end of a margin call's cure window; null when none runs. */
  cureDeadline: z.optional(z.nullable(ZIsoDateTime)),
  /**
   * The loan's health level, the loan page's own (the domain's loanHealthLevel on `ltv`, an open
   * margin call held until the risk pass cures it); absent from a server of the release before.
   */
  riskLevel: z.optional(z.enum(RISK_LEVELS)),
  profile: z.object({
    /** True when the loan is serviced in the mobile app; false means on the web. */
    isServicedViaApp: z.boolean(),
  }),
});
export type TLoanStatus = z.infer<typeof ZLoanStatus>;
