/**
 * The partner read API (`/partner/v1/…`): a lender's systems read the applications, loans and
 * events of their own brand with an API key (`Authorization: Bearer pk_<id>.<secret>`), each call
 * needing its scope, counted per key. Lists are pages in a stable order with an opaque cursor.
 */
import { z } from 'zod/mini';
import type { TPartnerApiScope } from '@pledge/domain';
import { defineEndpoint, type TEndpoint } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';
import { ZPartnerEvent } from './partner-events.js';

export const PARTNER_API = '/partner/v1';
export const PARTNER_PAGE_MAX = 100;
export const PARTNER_PAGE_DEFAULT = 50;

export const ZPartnerPageQuery = z.object({
  /** The `nextCursor` of the previous page; the first page without it. */
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PARTNER_PAGE_MAX))),
});
export type TPartnerPageQuery = z.infer<typeof ZPartnerPageQuery>;

export const ZPartnerApplication = z.object({
  appUuid: z.uuid(),
  state: z.string(),
  stage: z.string(),
  isRenewal: z.boolean(),
  isRefinancing: z.boolean(),
  requestedAmountCents: z.nullable(z.int()),
  collateralType: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TPartnerApplication = z.infer<typeof ZPartnerApplication>;

export const ZPartnerLoan = z.object({
  loanUuid: z.uuid(),
  status: z.string(),
  riskLevel: z.string(),
  interestRateBps: z.int(),
  termMonths: z.int(),
  fundedOn: z.string(),
  maturityDate: z.string(),
  /** Principal, capitalised fee and deferred interest: what interest runs on. */
  interestBearingCents: z.int(),
  collateralType: z.nullable(z.string()),
});
export type TPartnerLoan = z.infer<typeof ZPartnerLoan>;

const page = <T extends z.ZodMiniType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.nullable(z.string()) });

export const ZGetPartnerApplicationsResponse = page(ZPartnerApplication);
export const ZGetPartnerLoansResponse = page(ZPartnerLoan);
export const ZGetPartnerEventsResponse = page(ZPartnerEvent);

export type TPartnerEndpoint = TEndpoint & { auth: 'partner'; scope: TPartnerApiScope };

/** A partner API read: the brand's items a page at a time, for a key with the read's scope. */
function partnerPageRead<TResponse extends z.ZodMiniType>(read: {
  path: string;
  scope: TPartnerApiScope;
  summary: string;
  response: TResponse;
}) {
  return defineEndpoint({ method: 'GET', auth: 'partner', query: ZPartnerPageQuery, ...read });
}

const getPartnerApplications = partnerPageRead({
  path: `${PARTNER_API}/applications`,
  scope: 'applications:read',
  summary: 'Partner API: the brand’s applications, newest first',
  response: ZGetPartnerApplicationsResponse,
});

const getPartnerLoans = partnerPageRead({
  path: `${PARTNER_API}/loans`,
  scope: 'loans:read',
  summary: 'Partner API: the brand’s funded loans, newest first',
  response: ZGetPartnerLoansResponse,
});

const getPartnerEvents = partnerPageRead({
  path: `${PARTNER_API}/events`,
  scope: 'events:read',
  summary: 'Partner API: the brand’s events in the order they happened, from a cursor',
  response: ZGetPartnerEventsResponse,
});

/**
 * Every partner API endpoint, served with key authentication instead of a session: kept out of the
 * session endpoints' registry (endpoints.ts), whose tests sign in as borrowers and agents.
 */
export const partnerEndpoints = {
  getPartnerApplications,
  getPartnerLoans,
  getPartnerEvents,
} as const;
