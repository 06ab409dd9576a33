import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZIsoDate, ZIsoDateTime } from '../wire.js';
import { ZCents, ZLoanBalances, ZLoanParams } from './servicing-loan.js';

export const ZPayoffQuote = z.object({
  quoteUuid: z.uuid(),
  amountCents: ZCents,
  /** The balances as they stand on the payoff date (interest accrued to it), and the penalty. */
  breakdown: z.object({
    ...z.omit(ZLoanBalances, { totalCents: true }).shape,
    /** Always 0: the loan has no prepayment penalty. */
    prepaymentPenaltyCents: ZCents,
  }),
  payoffDate: ZIsoDate,
  validUntil: ZIsoDateTime,
  /**
   * Payments the bank has not settled yet that this amount counts (money in flight): if one is
   * returned it is owed again and the loan reopens, and the collateral waits for them all.
   */
  pendingPaymentsCents: z.optional(ZCents),
});
export type TPayoffQuote = z.infer<typeof ZPayoffQuote>;

export const postServicingPayoffQuote = defineEndpoint({
  method: 'POST',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/payoff-quote',
  auth: 'bearer',
  summary: 'A payoff quote: principal, fee and interest to the payoff date, valid until a time',
  params: ZLoanParams,
  response: ZPayoffQuote,
  status: 201,
});
