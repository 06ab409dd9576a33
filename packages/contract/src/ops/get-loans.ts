import { z } from 'zod/mini';
import { LOAN_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCents } from '../servicing/servicing-loan.js';
import { ZIsoDate } from '../wire.js';
import { OPS_PAGE_QUERY, zOpsPage } from './ops-page.js';
import { OPS } from './ops-base.js';

export const ZGetOpsLoansQuery = z.object({
  status: z.optional(z.enum(LOAN_STATUSES)),
  /** Matches a loan id exactly, or the start of the borrower's email. */
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  ...OPS_PAGE_QUERY,
});
export type TGetOpsLoansQuery = z.infer<typeof ZGetOpsLoansQuery>;

export const ZOpsLoanSummary = z.object({
  loanUuid: z.uuid(),
  borrowerEmail: z.string(),
  status: z.enum(LOAN_STATUSES),
  fundedOn: ZIsoDate,
  maturityDate: ZIsoDate,
  totalBalanceCents: ZCents,
  accruedInterestCents: ZCents,
  autopayEnabled: z.boolean(),
});
export type TOpsLoanSummary = z.infer<typeof ZOpsLoanSummary>;

export const ZGetOpsLoansResponse = zOpsPage(ZOpsLoanSummary);
export type TGetOpsLoansResponse = z.infer<typeof ZGetOpsLoansResponse>;

export const getOpsLoans = defineEndpoint({
  method: 'GET',
  path: `${OPS}/loans`,
  auth: 'agent',
  summary: 'Funded loans by status and search, newest first',
  query: ZGetOpsLoansQuery,
  response: ZGetOpsLoansResponse,
});
