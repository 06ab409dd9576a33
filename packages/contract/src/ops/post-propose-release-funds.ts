import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

/** The evidence of a release: the payout's transfer reference, and a note. */
export const ZPostOpsProposeReleaseFundsBody = z.object({
  reference: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the transfer reference'), z.maxLength(200)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(OPS_REASON_MAX_LENGTH))),
});
export type TPostOpsProposeReleaseFundsBody = z.infer<typeof ZPostOpsProposeReleaseFundsBody>;

export const ZPostOpsProposeReleaseFundsResponse = ZOpsApplicationDetail;
export type TPostOpsProposeReleaseFundsResponse = z.infer<
  typeof ZPostOpsProposeReleaseFundsResponse
>;

/**
 * Maker–checker, first step: proposes releasing the funds of an application awaiting release
 * (MANUAL_FUNDING_RELEASE); nothing is paid until a different agent approves. Idempotent: the same
 * proposal again answers the same detail; another one while one is pending is 409.
 */
export const postOpsProposeReleaseFunds = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/release-funds/proposals`,
  auth: 'agent',
  control: 'RELEASE_FUNDS',
  summary: 'Propose releasing the loan funds (a different agent approves)',
  params: ZAppParams,
  body: ZPostOpsProposeReleaseFundsBody,
  response: ZPostOpsProposeReleaseFundsResponse,
});
