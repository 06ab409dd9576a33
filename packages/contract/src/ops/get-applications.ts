import { z } from 'zod/mini';
import { APPLICATION_STATES, LOAN_KINDS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationSummary } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_QUERY, zOpsPage } from './ops-page.js';

export { OPS_PAGE_SIZE_DEFAULT, OPS_PAGE_SIZE_MAX } from './ops-page.js';

export const ZGetOpsApplicationsQuery = z.object({
  state: z.optional(z.enum(APPLICATION_STATES)),
  /** New loans, renewals or refinancings only. */
  kind: z.optional(z.enum(LOAN_KINDS)),
  /** Matches an application id exactly, or the start of the borrower's email or name. */
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  ...OPS_PAGE_QUERY,
});
export type TGetOpsApplicationsQuery = z.infer<typeof ZGetOpsApplicationsQuery>;

export const ZGetOpsApplicationsResponse = zOpsPage(ZOpsApplicationSummary);
export type TGetOpsApplicationsResponse = z.infer<typeof ZGetOpsApplicationsResponse>;

export const getOpsApplications = defineEndpoint({
  method: 'GET',
  path: `${OPS}/applications`,
  auth: 'agent',
  summary: 'Applications by state and search, most recently updated first',
  query: ZGetOpsApplicationsQuery,
  response: ZGetOpsApplicationsResponse,
});
