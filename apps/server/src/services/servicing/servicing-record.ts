/** Reading a loan's servicing facts: the row, its offer, its borrower and brand. */
import type { TServicingPayment } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { brandFor } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import type { servicingPayments } from '../../db/schema/index.js';
import { applications, identities, offers, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import {
  identityEmailColumns,
  openIdentityEmail,
  type TIdentityEmailRow,
} from '../identity/identity-email.js';

export type TServicingLoanRow = typeof servicingLoans.$inferSelect;
export type TServicingPaymentRow = typeof servicingPayments.$inferSelect;

export const LOAN_NOT_FOUND_MESSAGE = 'Loan not found';

export function loanNotFound(): HttpError {
  return new HttpError(404, 'LOAN_NOT_FOUND', LOAN_NOT_FOUND_MESSAGE);
}

export interface TLoanContext {
  loan: TServicingLoanRow;
  application: typeof applications.$inferSelect;
  offer: typeof offers.$inferSelect;
  /** The borrower's address as stored: borrowerEmailOf opens it where a message or a view needs it. */
  borrowerEmail: TIdentityEmailRow;
}

/** The borrower's address of a loan. */
export function borrowerEmailOf(cipher: TFieldCipher, context: TLoanContext): string {
  return openIdentityEmail(cipher, context.application.identityUuid, context.borrowerEmail);
}

/**
 * The loan with what describes it; 404 when there is none or (given a borrower) it is another
 * borrower's. `forUpdate` locks the servicing row for the caller's transaction.
 */
export async function loadLoan(
  db: TDb,
  loanUuid: string,
  options: { identityUuid?: string; forUpdate?: boolean } = {},
): Promise<TLoanContext> {
  const query = db.select().from(servicingLoans).where(eq(servicingLoans.loanUuid, loanUuid));
  const [loan] = options.forUpdate === true ? await query.for('update') : await query;
  if (loan === undefined) throw loanNotFound();
  if (options.identityUuid !== undefined && loan.identityUuid !== options.identityUuid) {
    throw loanNotFound();
  }
  const [row] = await db
    .select({ application: applications, offer: offers, email: identityEmailColumns })
    .from(applications)
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .innerJoin(identities, eq(identities.uuid, applications.identityUuid))
    .where(eq(applications.uuid, loanUuid));
  if (row === undefined) throw loanNotFound();
  return { loan, application: row.application, offer: row.offer, borrowerEmail: row.email };
}

export function brandOfLoan(context: TLoanContext, sandbox: boolean) {
  return brandFor(context.application.organization, sandbox);
}

export function toPaymentView(row: TServicingPaymentRow): TServicingPayment {
  return {
    paymentUuid: row.uuid,
    method: row.method,
    purpose: row.purpose,
    amountCents: row.amountCents,
    status: row.status,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt === null ? null : row.settledAt.toISOString(),
    failureReason: row.failureReason,
  };
}
