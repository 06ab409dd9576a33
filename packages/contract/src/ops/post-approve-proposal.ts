import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZOpsProposalParams = z.extend(ZAppParams, { proposalId: z.uuid() });
export type TOpsProposalParams = z.infer<typeof ZOpsProposalParams>;

export const ZPostOpsApproveProposalResponse = ZOpsApplicationDetail;
export type TPostOpsApproveProposalResponse = z.infer<typeof ZPostOpsApproveProposalResponse>;

/**
 * Maker–checker, second step: a different agent approves and the state changes (release:
 * MANUAL_FUNDING_RELEASE → COMPLETE; payoff: COMPLETE → PAID_OFF). 403 for the proposer, 409 when
 * the proposal was rejected or withdrawn or the application moved on. Idempotent: approving an
 * approved proposal again answers the same detail and changes nothing.
 */
export const postOpsApproveProposal = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/proposals/:proposalId/approve`,
  auth: 'agent',
  control: 'DECIDES',
  summary: "Approve another agent's release or payoff proposal",
  params: ZOpsProposalParams,
  response: ZPostOpsApproveProposalResponse,
});
