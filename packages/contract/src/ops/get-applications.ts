import { z } from 'zod';
import { APPLICATION_STATES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationSummary } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';

/** Largest page the console may ask for. */
export const OPS_PAGE_SIZE_MAX = 100;
export const OPS_PAGE_SIZE_DEFAULT = 25;

export const ZGetOpsApplicationsQuery = z.object({
  state: z.enum(APPLICATION_STATES).optional(),
  /** Matches an application id exactly, or the start of the borrower's email or name. */
  search: z.string().trim().min(1).max(200).optional(),
  /** The `nextCursor` of the previous page (keyset paging: stays fast on millions of rows). */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(OPS_PAGE_SIZE_MAX).default(OPS_PAGE_SIZE_DEFAULT),
});
export type TGetOpsApplicationsQuery = z.infer<typeof ZGetOpsApplicationsQuery>;

export const ZGetOpsApplicationsResponse = z.object({
  items: z.array(ZOpsApplicationSummary),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TGetOpsApplicationsResponse = z.infer<typeof ZGetOpsApplicationsResponse>;

export const getOpsApplications = defineEndpoint({
  method: 'GET',
  path: `${OPS}/applications`,
  auth: 'agent',
  summary: 'Applications by state and search, most recently updated first',
  query: ZGetOpsApplicationsQuery,
  response: ZGetOpsApplicationsResponse,
});
