import { z } from 'zod/mini';
import { CONTROLLED_ACTION_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_SIZE_DEFAULT, OPS_PAGE_SIZE_MAX } from './get-applications.js';

export const ZGetControlledActionsQuery = z.object({
  status: z._default(z.enum(CONTROLLED_ACTION_STATUSES), 'PENDING'),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
});
export type TGetControlledActionsQuery = z.infer<typeof ZGetControlledActionsQuery>;

export const ZGetControlledActionsResponse = z.object({
  items: z.array(ZControlledAction),
  nextCursor: z.nullable(z.string()),
});
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
