import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail, ZOpsReason } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

/**
 * Refuses a typed-in bank account whose holder name is not the borrower's: no funds go to it, and
 * the borrower is asked for an account in their own name. 409 when no review is pending.
 */
export const postOpsRejectHolderName = defineEndpoint({
  method: 'POST',
  path: `${OPS}/applications/:appUuid/holder-name-review/reject`,
  auth: 'agent',
  summary: "Refuse the payout account's holder name after review",
  params: ZAppParams,
  body: ZOpsReason,
  response: ZOpsApplicationDetail,
});
