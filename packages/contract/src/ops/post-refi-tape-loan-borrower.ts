import { z } from 'zod/mini';
import { CELSIUS_LOAN_ID_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiTapeLoan } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';

/** Any id up to a few times a loan id's length is looked up (an unknown one is 404). */
export const ZPostRefiTapeLoanBorrowerParams = z.object({
  loanId: z.string().check(z.minLength(1), z.maxLength(CELSIUS_LOAN_ID_MAX_LENGTH * 4)),
});

/** The borrower who owns the loan, by the e-mail they sign in with; null clears the agent's match. */
export const ZPostRefiTapeLoanBorrowerBody = z.object({
  borrowerEmail: z.nullable(
    z.email({ error: 'Enter the borrower’s e-mail address' }).check(z.maxLength(254)),
  ),
});
export type TPostRefiTapeLoanBorrowerBody = z.infer<typeof ZPostRefiTapeLoanBorrowerBody>;

export const ZPostRefiTapeLoanBorrowerResponse = ZRefiTapeLoan;

/** Matches a legacy loan to a signed-up borrower by hand (audited); 400 when nobody has the e-mail. */
export const postRefiTapeLoanBorrower = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/tape/loans/:loanId/borrower`,
  auth: 'agent',
  summary: 'Match a legacy loan to a borrower',
  params: ZPostRefiTapeLoanBorrowerParams,
  body: ZPostRefiTapeLoanBorrowerBody,
  response: ZPostRefiTapeLoanBorrowerResponse,
});
