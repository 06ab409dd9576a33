import { z } from 'zod/mini';
import { REFI_TAPE_LOAN_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiTapeLoan } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_SIZE_DEFAULT, OPS_PAGE_SIZE_MAX } from './get-applications.js';

export const ZGetRefiTapeLoansQuery = z.object({
  status: z.optional(z.enum(REFI_TAPE_LOAN_STATUSES)),
  /** The start of a loan id, or the borrower's whole e-mail (any spelling of its mailbox). */
  search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
});
export type TGetRefiTapeLoansQuery = z.infer<typeof ZGetRefiTapeLoansQuery>;

export const ZGetRefiTapeLoansResponse = z.object({
  items: z.array(ZRefiTapeLoan),
  /** Null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type TGetRefiTapeLoansResponse = z.infer<typeof ZGetRefiTapeLoansResponse>;

export const getRefiTapeLoans = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/tape/loans`,
  auth: 'agent',
  summary: 'Legacy loans on the tape, by loan id',
  query: ZGetRefiTapeLoansQuery,
  response: ZGetRefiTapeLoansResponse,
});
