import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { OPS } from './ops-base.js';

export const ZPaymentParams = z.object({ paymentUuid: z.uuid() });

export const ZPostOpsReversePaymentBody = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(OPS_REASON_MAX_LENGTH)),
});
export type TPostOpsReversePaymentBody = z.infer<typeof ZPostOpsReversePaymentBody>;

/** Proposes reversing a payment recorded in error; a different agent approves. */
export const postOpsReversePayment = defineEndpoint({
  method: 'POST',
  path: `${OPS}/payments/:paymentUuid/reverse`,
  auth: 'agent',
  summary: 'Propose reversing a payment recorded in error (a different agent approves)',
  params: ZPaymentParams,
  body: ZPostOpsReversePaymentBody,
  response: ZControlledAction,
  status: 202,
  control: 'REVERSE_PAYMENT',
});
