import { z } from 'zod/mini';
import { CELSIUS_LOAN_ID_MAX_LENGTH, OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
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
  /** Why the loan changes hands: kept with the proposal and the audit trail. */
  reason: z
    .string({ error: 'Give a reason' })
    .check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(OPS_REASON_MAX_LENGTH)),
  /**
   * A borrower whose e-mail is not the tape's needs the agent's documented override: true, with
   * the evidence in the reason (e.g. the estate's confirmation of a changed address).
   */
  overrideTapeEmail: z.optional(z.boolean()),
});
export type TPostRefiTapeLoanBorrowerBody = z.infer<typeof ZPostRefiTapeLoanBorrowerBody>;

/**
 * Proposes matching a legacy loan to a signed-up borrower (or clearing the match), with a reason; a
 * second agent approves. 400 when nobody has the e-mail, or it is not the tape's without the
 * override; 409 while the loan is being refinanced.
 */
export const postRefiTapeLoanBorrower = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/tape/loans/:loanId/borrower`,
  auth: 'agent',
  summary: 'Propose matching a legacy loan to a borrower (a different agent approves)',
  params: ZPostRefiTapeLoanBorrowerParams,
  body: ZPostRefiTapeLoanBorrowerBody,
  response: ZControlledAction,
  status: 202,
  control: 'TAPE_REASSIGN',
});
