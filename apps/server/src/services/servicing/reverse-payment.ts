/**
 * Reversing a payment in the ledger: the mirror of its journal (a journal is reversed at most once),
 * the payment RETURNED (the bank returned it) or REVERSED (an agent). Idempotent.
 *
 * A reversal that leaves anything owed on a paid-off loan opens the loan again in the same
 * transaction (money in flight is money not yet received, issue 33): the payoff counted money
 * that did not come, be it the payoff's own debit or any payment the bank returns after it. The
 * balance is owed again, the loan goes from PAID_OFF back to servicing (ACTIVE, or MATURED when
 * its maturity date has passed; the application back to COMPLETE), the recorded payoff is voided,
 * any open collateral release request is cancelled, and the borrower is told (by returnPayment or
 * reversePayment, in the same transaction; for a debit the bank returned, the agents too). The collateral never left: a release waits for every debit on
 * the loan to settle (request-collateral-release.ts).
 */
import type { TServicingPayment } from '@pledge/contract';
import {
  CLOSED_COLLATERAL_RELEASE_RESULTS,
  isoDay,
  reopenedLoanStatus,
  reversalLegs,
  reversalReopensLoan,
  type TPaymentStatus,
} from '@pledge/domain';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  agents,
  auditEvents,
  collateralReleaseRequests,
  ledgerEntries,
  servicingLoans,
  servicingPayments,
} from '../../db/schema/index.js';
import { applyTransition } from '../applications/apply-transition.js';
import { queueEmail } from '../email/queue-email.js';
import { PAYOFF_ENTITY } from '../ops/payoff-record.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import { notifyReturned } from './payment-apply-tx.js';
import { auditPayment } from './payment-record.js';
import {
  borrowerEmailOf,
  brandOfLoan,
  loadLoan,
  toPaymentView,
  type TLoanContext,
} from './servicing-record.js';
import { assertServicingInvariants } from './servicing-invariants.js';
import {
  paidOffPaymentReturnedMessage,
  payoffReturnedMessage,
  returnAfterPayoffAgentMessage,
} from './servicing-messages.js';
import { lockApplicationById } from '../applications/application-record.js';

type TPaymentRow = typeof servicingPayments.$inferSelect;

/** A paid-off loan a reversal opened again: what it owes now and the releases it cancelled. */
export interface TReopenedLoan {
  status: 'ACTIVE' | 'MATURED';
  owedCents: number;
  cancelledReleases: { id: string; address: string; scheduledFor: Date }[];
}

export interface TReversal {
  payment: TPaymentRow;
  /** Null unless the reversal reopened a paid-off loan. */
  reopened: TReopenedLoan | null;
}

export async function reversePaymentInTx(
  tx: TDb,
  input: {
    paymentUuid: string;
    status: Extract<TPaymentStatus, 'RETURNED' | 'REVERSED'>;
    reason: string;
    actor: string;
    at: Date;
  },
): Promise<TReversal> {
  const [payment] = await tx
    .select()
    .from(servicingPayments)
    .where(eq(servicingPayments.uuid, input.paymentUuid))
    .for('update');
  if (payment === undefined) throw new HttpError(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
  if (payment.status === 'RETURNED' || payment.status === 'REVERSED') {
    return { payment, reopened: null };
  }
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
    // The balance owed again raises the LTV.
    await queueRiskPass(tx, `payment-reversed:${payment.uuid}`);
  }
  const [updated] = await tx
    .update(servicingPayments)
    .set({ status: input.status, failureReason: input.reason, updatedAt: input.at })
    .where(eq(servicingPayments.uuid, payment.uuid))
    .returning();
  await auditPayment(tx, payment.uuid, payment.status, input.status, input.reason, input.at);
  const reopened =
    journalUuid === undefined
      ? null
      : await reopenPaidOffLoan(tx, {
          loanUuid: payment.loanUuid,
          reason: reopenReason(payment, input),
          actor: input.actor,
          at: input.at,
        });
  await assertServicingInvariants(tx, payment.loanUuid);
  return { payment: updated ?? payment, reopened };
}

/** Why a paid-off loan is open again, as its audit events say. */
function reopenReason(
  payment: TPaymentRow,
  input: { status: 'RETURNED' | 'REVERSED'; reason: string },
): string {
  if (payment.purpose === 'PAYOFF') return `Payoff returned by the bank: ${input.reason}`;
  const what = `Payment ${payment.uuid} of ${payment.amountCents} cents`;
  return input.status === 'RETURNED'
    ? `${what} returned by the bank after the payoff: ${input.reason}`
    : `${what} reversed by an agent after the payoff: ${input.reason}`;
}

/** audit_events.entity_type of collateral release requests. */
export const COLLATERAL_RELEASE_ENTITY = 'collateral-release';
/** The payoff record (payoff-record.ts) that voids the one before it: not a payoff method. */
export const PAYOFF_RETURNED_RECORD = 'RETURNED';

/**
 * The loan a payoff had closed, open again when the reversal left it owing (inside the reversal's
 * transaction, the loan's servicing row locked): servicing status first, so that the
 * application's transition back to COMPLETE finds servicing that fits it.
 */
async function reopenPaidOffLoan(
  tx: TDb,
  input: { loanUuid: string; reason: string; actor: string; at: Date },
): Promise<TReopenedLoan | null> {
  const [loan] = await tx
    .select({ maturityDate: servicingLoans.maturityDate, status: servicingLoans.status })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, input.loanUuid));
  if (loan === undefined) return null;
  const owedCents = (await balancesOf(tx, input.loanUuid)).totalCents;
  if (!reversalReopensLoan({ status: loan.status, totalCentsAfter: owedCents })) return null;
  const application = await lockApplicationById(tx, input.loanUuid);
  // Only the paid-off loan itself goes back (its servicing invariants refuse anything else).
  if (application === undefined || application.state !== 'PAID_OFF') return null;
  const status = reopenedLoanStatus(loan.maturityDate, isoDay(input.at));
  await tx
    .update(servicingLoans)
    .set({ status, updatedAt: input.at })
    .where(eq(servicingLoans.loanUuid, input.loanUuid));
  const reason = input.reason;
  await tx.insert(auditEvents).values([
    {
      entityType: 'servicing-loan',
      entityId: input.loanUuid,
      actor: input.actor,
      fromState: 'PAID_OFF',
      toState: status,
      reason,
      at: input.at,
    },
    {
      entityType: PAYOFF_ENTITY,
      entityId: input.loanUuid,
      actor: input.actor,
      fromState: null,
      toState: PAYOFF_RETURNED_RECORD,
      reason,
      at: input.at,
    },
  ]);
  const cancelled = await tx
    .update(collateralReleaseRequests)
    .set({ result: 'WITHDRAWAL_FAILED' })
    .where(
      and(
        eq(collateralReleaseRequests.applicationUuid, input.loanUuid),
        notInArray(collateralReleaseRequests.result, [...CLOSED_COLLATERAL_RELEASE_RESULTS]),
      ),
    )
    .returning({
      id: collateralReleaseRequests.id,
      address: collateralReleaseRequests.address,
      scheduledFor: collateralReleaseRequests.scheduledFor,
    });
  for (const request of cancelled) {
    await tx.insert(auditEvents).values({
      entityType: COLLATERAL_RELEASE_ENTITY,
      entityId: request.id,
      actor: input.actor,
      fromState: null,
      toState: 'WITHDRAWAL_FAILED',
      reason: `Cancelled: ${reason}`,
      at: input.at,
    });
  }
  await applyTransition(tx, {
    appUuid: input.loanUuid,
    event: 'PAYOFF_RETURNED',
    actor: input.actor,
    reason,
    at: input.at,
  });
  return { status, owedCents, cancelledReleases: cancelled };
}

const RETURN_ACTOR = 'system:bank-payments';

/**
 * An agent reverses a payment recorded in error (a wire that did not arrive, a payment that came
 * back). When that reopens a paid-off loan the borrower is told as for a bank's return after the
 * payoff: the loan is open again and what it owes.
 */
export async function reversePayment(
  deps: { db: TDb; cipher: TFieldCipher; sandbox: boolean; clock: () => Date },
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
    const context = await loadLoan(tx, payment.loanUuid, { forUpdate: true });
    const reversal = await reversePaymentInTx(tx, {
      ...input,
      status: 'REVERSED',
      at: deps.clock(),
    });
    if (reversal.reopened !== null) {
      await tellBorrowerReopened(tx, deps, context, {
        amountCents: reversal.payment.amountCents,
        reason: input.reason,
        owedCents: reversal.reopened.owedCents,
      });
    }
    return reversal.payment;
  });
  return toPaymentView(row);
}

/**
 * The borrower's notice that a payment their payoff counted did not stay paid (the bank returned
 * it, or an agent reversed it): the loan is open again and owes `owedCents`.
 */
async function tellBorrowerReopened(
  tx: TDb,
  deps: { cipher: TFieldCipher; sandbox: boolean },
  context: TLoanContext,
  input: { amountCents: number; reason: string; owedCents: number },
): Promise<void> {
  await queueEmail(
    tx,
    deps,
    'payment-returned',
    paidOffPaymentReturnedMessage({
      to: borrowerEmailOf(deps.cipher, context),
      brand: brandOfLoan(context, deps.sandbox),
      ...input,
    }),
  );
}

/**
 * The bank returned a debit: reversed in the ledger and the borrower told; when the return
 * reopened a paid-off loan, every active agent is told too (the loan owes again, and any release
 * of its collateral was cancelled).
 */
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
    const at = deps.clock();
    const { reopened } = await reversePaymentInTx(tx, {
      paymentUuid: payment.uuid,
      status: 'RETURNED',
      reason: input.reason,
      actor: RETURN_ACTOR,
      at,
    });
    const returned = {
      to: borrowerEmailOf(deps.cipher, context),
      brand: brandOfLoan(context, deps.sandbox),
      amountCents: payment.amountCents,
      reason: input.reason,
    };
    if (payment.purpose === 'PAYOFF') {
      await queueEmail(tx, deps, 'payment-returned', payoffReturnedMessage(returned));
    } else if (reopened !== null) {
      await tellBorrowerReopened(tx, deps, context, {
        amountCents: payment.amountCents,
        reason: input.reason,
        owedCents: reopened.owedCents,
      });
    } else {
      await notifyReturned(tx, deps, context, payment.amountCents, input.reason);
    }
    if (reopened === null) return;
    const active = await tx
      .select({ email: agents.email })
      .from(agents)
      .where(eq(agents.isActive, true));
    for (const agent of active) {
      await queueEmail(
        tx,
        deps,
        'servicing-alert',
        returnAfterPayoffAgentMessage({
          to: agent.email,
          brand: returned.brand,
          loanUuid: payment.loanUuid,
          paymentUuid: payment.uuid,
          isPayoff: payment.purpose === 'PAYOFF',
          amountCents: payment.amountCents,
          reason: input.reason,
          reopened,
          at,
        }),
      );
    }
  });
}
