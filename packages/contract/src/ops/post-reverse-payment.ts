import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZServicingPayment } from '../servicing/servicing-loan.js';
import { OPS } from './ops-base.js';

export const ZPaymentParams = z.object({ paymentUuid: z.uuid() });

export const ZPostOpsReversePaymentBody = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(OPS_REASON_MAX_LENGTH)),
});
export type TPostOpsReversePaymentBody = z.infer<typeof ZPostOpsReversePaymentBody>;

/** Reverses a settled or pending payment with reversing ledger entries; idempotent. */
export const postOpsReversePayment = defineEndpoint({
  method: 'POST',
  path: `${OPS}/payments/:paymentUuid/reverse`,
  auth: 'agent',
  summary: 'Reverse a payment recorded in error (reversing ledger entries)',
  params: ZPaymentParams,
  body: ZPostOpsReversePaymentBody,
  response: ZServicingPayment,
});
