import { z } from 'zod/mini';
import { PAYOFF_METHODS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

/** How the borrower paid (it decides how long the collateral is held) and an optional note. */
export const ZPostOpsRecordPayoffBody = z.object({
  method: z.enum(PAYOFF_METHODS, { error: 'Choose a payment method' }),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type TPostOpsRecordPayoffBody = z.infer<typeof ZPostOpsRecordPayoffBody>;

export const ZPostOpsRecordPayoffResponse = ZOpsApplicationDetail;
export type TPostOpsRecordPayoffResponse = z.infer<typeof ZPostOpsRecordPayoffResponse>;

/**
 * Idempotent: a repeat on a loan already paid off answers the same detail and records nothing; from
 * any state the state machine does not allow the payoff from, 409 CANNOT_RECORD_PAYOFF.
 */
export const postOpsRecordPayoff = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/record-payoff`,
  auth: 'agent',
  summary: 'Record the loan as paid off: COMPLETE becomes PAID_OFF (stage COLLATERAL_RELEASE)',
  params: ZAppParams,
  body: ZPostOpsRecordPayoffBody,
  response: ZPostOpsRecordPayoffResponse,
});
