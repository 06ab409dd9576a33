import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingLoan, ZServicingPayment } from './servicing-loan.js';

export const ZPostServicingPayoffBody = z.object({ quoteUuid: z.uuid() });
export type TPostServicingPayoffBody = z.infer<typeof ZPostServicingPayoffBody>;

export const ZPostServicingPayoffResponse = z.object({
  payment: ZServicingPayment,
  loan: ZServicingLoan,
});
export type TPostServicingPayoffResponse = z.infer<typeof ZPostServicingPayoffResponse>;

/**
 * Pays a valid quote by ACH debit of the linked account; the loan becomes PAID_OFF and the
 * collateral release opens. Needs the Idempotency-Key header.
 */
export const postServicingPayoff = defineEndpoint({
  method: 'POST',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/payoff',
  auth: 'bearer',
  summary: 'Pay off the loan with a quote, by ACH (Idempotency-Key header required)',
  params: ZLoanParams,
  body: ZPostServicingPayoffBody,
  response: ZPostServicingPayoffResponse,
  status: 201,
});
