import { z } from 'zod/mini';
import { CONTROLLED_ACTION_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_QUERY, zOpsPage } from './ops-page.js';

export const ZGetControlledActionsQuery = z.object({
  status: z._default(z.enum(CONTROLLED_ACTION_STATUSES), 'PENDING'),
  ...OPS_PAGE_QUERY,
});
export type TGetControlledActionsQuery = z.infer<typeof ZGetControlledActionsQuery>;

export const ZGetControlledActionsResponse = zOpsPage(ZControlledAction);
export type TGetControlledActionsResponse = z.infer<typeof ZGetControlledActionsResponse>;

/** The controlled actions of a status (pending by default), newest first, for a second agent. */
export const getControlledActions = defineEndpoint({
  method: 'GET',
  path: `${OPS}/controlled-actions`,
  auth: 'agent',
  summary: 'Controlled actions waiting for (or decided by) a second agent, newest first',
  query: ZGetControlledActionsQuery,
  response: ZGetControlledActionsResponse,
});
