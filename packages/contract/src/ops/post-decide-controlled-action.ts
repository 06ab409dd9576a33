import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZOpsReason } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';

export const ZControlledActionParams = z.object({ proposalId: z.uuid() });

/**
 * Maker–checker, second step: a different active agent, who is not the person the action
 * concerns, approves; the action happens in the same transaction, its figures checked again
 * against the ledger. A repeat answers the approved proposal; 403 for the maker (or the same
 * person), 409 once decided or when its figures no longer hold.
 */
export const postApproveControlledAction = defineEndpoint({
  method: 'POST',
  path: `${OPS}/controlled-actions/:proposalId/approve`,
  auth: 'agent',
  control: 'DECIDES',
  summary: 'Approve a controlled action proposed by another agent (it happens now)',
  params: ZControlledActionParams,
  response: ZControlledAction,
});

/** Turns a proposal down with a reason: rejected by another agent, withdrawn by its maker. */
export const postRejectControlledAction = defineEndpoint({
  method: 'POST',
  path: `${OPS}/controlled-actions/:proposalId/reject`,
  auth: 'agent',
  control: 'DECIDES',
  summary: 'Reject (or, as its maker, withdraw) a controlled action',
  params: ZControlledActionParams,
  body: ZOpsReason,
  response: ZControlledAction,
});
