import { z } from 'zod/mini';
import { REFI_TAPE_LOAN_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiTapeLoan } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_QUERY, zOpsPage } from './ops-page.js';

export const ZGetRefiTapeLoansQuery = z.object({
  status: z.optional(z.enum(REFI_TAPE_LOAN_STATUSES)),
  /** The start of a loan id, or the borrower's whole e-mail (any spelling of its mailbox). */
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  ...OPS_PAGE_QUERY,
});
export type TGetRefiTapeLoansQuery = z.infer<typeof ZGetRefiTapeLoansQuery>;

export const ZGetRefiTapeLoansResponse = zOpsPage(ZRefiTapeLoan);
export type TGetRefiTapeLoansResponse = z.infer<typeof ZGetRefiTapeLoansResponse>;

export const getRefiTapeLoans = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/tape/loans`,
  auth: 'agent',
  summary: 'Legacy loans on the tape, by loan id',
  query: ZGetRefiTapeLoansQuery,
  response: ZGetRefiTapeLoansResponse,
});
