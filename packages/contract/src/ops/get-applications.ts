import { z } from 'zod/mini';
import { APPLICATION_STATES, LOAN_KINDS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationSummary } from '../entities/ops-application.js';
import { OPS } from './ops-base.js';

/** Largest page the console may ask for. */
export const OPS_PAGE_SIZE_MAX = 100;
export const OPS_PAGE_SIZE_DEFAULT = 25;

export const ZGetOpsApplicationsQuery = z.object({
  state: z.optional(z.enum(APPLICATION_STATES)),
  /** New loans, renewals or refinancings only. */
  kind: z.optional(z.enum(LOAN_KINDS)),
  /** Matches an application id exactly, or the start of the borrower's email or name. */
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  /** The `nextCursor` of the previous page (keyset paging: stays fast on millions of rows). */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
});
export type TGetOpsApplicationsQuery = z.infer<typeof ZGetOpsApplicationsQuery>;

export const ZGetOpsApplicationsResponse = z.object({
  items: z.array(ZOpsApplicationSummary),
  /** Null on the last page. */
  nextCursor: z.nullable(z.string()),
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
