import { z } from 'zod/mini';
import { PAYMENT_MAX_CENTS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingPayment } from './servicing-loan.js';

export const SERVICING_PAYMENT_MESSAGES = {
  amount: 'Enter an amount of at least $0.01',
  tooLarge: 'Enter an amount no larger than the balance',
} as const;

/** A positive whole number of cents, at most PAYMENT_MAX_CENTS. */
export const ZPaymentCents = z
  .int(SERVICING_PAYMENT_MESSAGES.amount)
  .check(
    z.gte(1, SERVICING_PAYMENT_MESSAGES.amount),
    z.lte(PAYMENT_MAX_CENTS, SERVICING_PAYMENT_MESSAGES.tooLarge),
  );

export const ZPostServicingPaymentBody = z.object({ amountCents: ZPaymentCents });
export type TPostServicingPaymentBody = z.infer<typeof ZPostServicingPaymentBody>;

/**
 * An ACH debit of the linked account. Needs the Idempotency-Key header: the same key answers the
 * same payment however often it is sent.
 */
export const postServicingPayment = defineEndpoint({
  method: 'POST',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/payments',
  auth: 'bearer',
  summary: 'Pay an amount by ACH debit of the linked account (Idempotency-Key header required)',
  params: ZLoanParams,
  body: ZPostServicingPaymentBody,
  response: ZServicingPayment,
  status: 201,
});
