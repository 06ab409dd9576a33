import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH, PAYOFF_METHODS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams, ZIsoDate, ZPositiveUsd } from '../wire.js';
import { OPS } from './ops-base.js';

/**
 * The evidence of a payoff: how the borrower paid (it decides how long the collateral is held),
 * the payment reference, the amount received (dollars, two decimals) and the day it arrived.
 */
export const ZPostOpsProposePayoffBody = z.object({
  method: z.enum(PAYOFF_METHODS, { error: 'Choose a payment method' }),
  reference: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the payment reference'), z.maxLength(200)),
  amount: ZPositiveUsd,
  paidOn: ZIsoDate,
  note: z.optional(z.string().check(z.trim(), z.maxLength(OPS_REASON_MAX_LENGTH))),
});
export type TPostOpsProposePayoffBody = z.infer<typeof ZPostOpsProposePayoffBody>;

export const ZPostOpsProposePayoffResponse = ZOpsApplicationDetail;
export type TPostOpsProposePayoffResponse = z.infer<typeof ZPostOpsProposePayoffResponse>;

/**
 * Maker–checker, first step: proposes recording an active loan (COMPLETE) as paid off; the loan
 * stays active until a different agent approves. Idempotent like the release proposal; a payment
 * day after today is 400.
 */
export const postOpsProposePayoff = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/payoff/proposals`,
  auth: 'agent',
  summary: 'Propose recording the loan as paid off (a different agent approves)',
  params: ZAppParams,
  body: ZPostOpsProposePayoffBody,
  response: ZPostOpsProposePayoffResponse,
  control: 'RECORD_PAYOFF',
});
