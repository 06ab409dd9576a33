import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

/**
 * Accepts a typed-in bank account whose holder name is not the borrower's (the agent checked it is
 * theirs): the funds may then be released to it. Idempotent; 409 when no review is pending.
 */
export const postOpsApproveHolderName = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/holder-name-review/approve`,
  auth: 'agent',
  summary: "Accept the payout account's holder name after review",
  params: ZAppParams,
  response: ZOpsApplicationDetail,
});
