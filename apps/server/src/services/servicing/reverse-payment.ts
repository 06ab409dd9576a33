/**
 * Reversing a payment in the ledger: the mirror of its journal (a journal is reversed at most once),
 * the payment RETURNED (the bank returned it) or REVERSED (an agent). Idempotent.
 */
import type { TServicingPayment } from '@pledge/contract';
import { isoDay, reversalLegs, type TPaymentStatus } from '@pledge/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { ledgerEntries, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { postJournal } from './ledger-store.js';
import { auditPayment, notifyReturned } from './make-payment.js';
import { loadLoan, toPaymentView } from './servicing-record.js';
import { assertServicingInvariants } from './servicing-invariants.js';

export async function reversePaymentInTx(
  tx: TDb,
  input: {
    paymentUuid: string;
    status: Extract<TPaymentStatus, 'RETURNED' | 'REVERSED'>;
    reason: string;
    actor: string;
    at: Date;
  },
): Promise<typeof servicingPayments.$inferSelect> {
  const [payment] = await tx
    .select()
    .from(servicingPayments)
    .where(eq(servicingPayments.uuid, input.paymentUuid))
    .for('update');
  if (payment === undefined) throw new HttpError(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
  if (payment.status === 'RETURNED' || payment.status === 'REVERSED') return payment;
  const legs = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentUuid, payment.uuid),
        inArray(ledgerEntries.kind, ['PAYMENT', 'PAYOFF']),
      ),
    );
  const journalUuid = legs[0]?.journalUuid;
  if (journalUuid !== undefined) {
    await postJournal(tx, {
      loanUuid: payment.loanUuid,
      journal: { kind: 'PAYMENT_REVERSAL', legs: reversalLegs(legs) },
      effectiveOn: isoDay(input.at),
      paymentUuid: payment.uuid,
      reversesJournalUuid: journalUuid,
    });
  }
  const [updated] = await tx
    .update(servicingPayments)
    .set({ status: input.status, failureReason: input.reason, updatedAt: input.at })
    .where(eq(servicingPayments.uuid, payment.uuid))
    .returning();
  await auditPayment(tx, payment.uuid, payment.status, input.status, input.reason, input.at);
  await assertServicingInvariants(tx, payment.loanUuid);
  return updated ?? payment;
}

/** An agent reverses a payment recorded in error (a wire that did not arrive). */
export async function reversePayment(
  deps: { db: TDb; clock: () => Date },
  input: { paymentUuid: string; reason: string; actor: string },
): Promise<TServicingPayment> {
  const row = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ loanUuid: servicingPayments.loanUuid, purpose: servicingPayments.purpose })
      .from(servicingPayments)
      .where(eq(servicingPayments.uuid, input.paymentUuid));
    if (payment === undefined) throw new HttpError(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
    if (payment.purpose === 'PAYOFF') {
      throw new HttpError(
        409,
        'PAYOFF_NOT_REVERSIBLE',
        'A payoff cannot be reversed here: the loan is closed. Contact engineering.',
      );
    }
    await loadLoan(tx, payment.loanUuid, { forUpdate: true });
    return reversePaymentInTx(tx, { ...input, status: 'REVERSED', at: deps.clock() });
  });
  return toPaymentView(row);
}

/** The bank returned a debit: reversed in the ledger and the borrower told. */
export async function returnPayment(
  deps: { db: TDb; cipher: TFieldCipher; sandbox: boolean; clock: () => Date },
  input: { paymentUuid: string; reason: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(servicingPayments)
      .where(eq(servicingPayments.uuid, input.paymentUuid));
    if (payment === undefined || payment.status !== 'PENDING') return;
    const context = await loadLoan(tx, payment.loanUuid, { forUpdate: true });
    await reversePaymentInTx(tx, {
      paymentUuid: payment.uuid,
      status: 'RETURNED',
      reason: input.reason,
      actor: 'system:bank-payments',
      at: deps.clock(),
    });
    await notifyReturned(tx, deps, context, payment.amountCents, input.reason);
  });
}
