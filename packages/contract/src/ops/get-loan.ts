import { z } from 'zod/mini';
import { LEDGER_ACCOUNTS, LEDGER_JOURNAL_KINDS } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingLoan } from '../servicing/servicing-loan.js';
import { ZIsoDate, ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';

/** One leg of a journal: debits positive, credits negative; a journal's legs sum to zero. */
export const ZLedgerEntry = z.object({
  entryId: z.string(),
  journalUuid: z.uuid(),
  kind: z.enum(LEDGER_JOURNAL_KINDS),
  account: z.enum(LEDGER_ACCOUNTS),
  amountCents: z.int(),
  effectiveOn: ZIsoDate,
  createdAt: ZIsoDateTime,
  /** The journal this one reverses, if it is a correction. */
  reversesJournalUuid: z.nullable(z.uuid()),
  paymentUuid: z.nullable(z.uuid()),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZGetOpsLoanResponse = z.object({
  borrowerEmail: z.string(),
  loan: ZServicingLoan,
  ledger: z.array(ZLedgerEntry),
});
export type TGetOpsLoanResponse = z.infer<typeof ZGetOpsLoanResponse>;

export const getOpsLoan = defineEndpoint({
  method: 'GET',
  path: `${OPS}/loans/:loanUuid`,
  auth: 'agent',
  summary: 'One loan as the borrower sees it, with every ledger entry',
  params: ZLoanParams,
  response: ZGetOpsLoanResponse,
});
