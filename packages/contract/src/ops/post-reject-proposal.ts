import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail, ZOpsReason } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';
import { ZOpsProposalParams } from './post-approve-proposal.js';

export const ZPostOpsRejectProposalResponse = ZOpsApplicationDetail;
export type TPostOpsRejectProposalResponse = z.infer<typeof ZPostOpsRejectProposalResponse>;

/**
 * Turns a pending proposal down, with a reason kept in the audit trail: rejected when another
 * agent does it, withdrawn when its proposer does. 409 once it is decided.
 */
export const postOpsRejectProposal = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/proposals/:proposalId/reject`,
  auth: 'agent',
  control: 'DECIDES',
  summary: 'Reject (or, as its proposer, withdraw) a release or payoff proposal',
  params: ZOpsProposalParams,
  body: ZOpsReason,
  response: ZPostOpsRejectProposalResponse,
});
