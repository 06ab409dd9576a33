/**
 * A payment by ACH debit (the borrower's, autopay's, or a payoff's). One payment per idempotency
 * key however often it is sent: the payment row is written first (unique per loan and key), then
 * the bank is asked with the payment's uuid as its own idempotency key, then the answer is kept:
 * accepted debits are posted to the ledger at once (PENDING, reversed if returned), refused ones
 * are kept as RETURNED and the borrower is told.
 */
import { randomUUID } from 'node:crypto';
import { isoDay, paymentJournal, type TPaymentMethod, type TPaymentPurpose } from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TBankPaymentsPort } from '../../adapters/bank-payments/port.js';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { queueEmail } from '../email/queue-email.js';
import { accrueInterestBatch } from './accrue-interest.js';
import { debitAccountOf } from './debit-account.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import { paymentReturnedMessage } from './servicing-messages.js';
import {
  brandOfLoan,
  loadLoan,
  type TLoanContext,
  type TServicingPaymentRow,
} from './servicing-record.js';
import { OPEN_STATUSES } from './get-servicing-loan.js';
import { assertServicingInvariants } from './servicing-invariants.js';

export const PAYMENT_ENTITY = 'servicing-payment';

export const PAYMENT_MESSAGES = {
  notOpen: 'This loan is not open for payments.',
  aboveBalance: 'Enter an amount no larger than the balance',
  keyReused: 'This Idempotency-Key was already used for a different payment',
  noAccount: 'There is no bank account on this loan to debit. Pay by wire instead.',
  refused: (reason: string) => `Your bank refused the debit: ${reason}.`,
} as const;

export interface TPaymentDeps {
  db: TDb;
  cipher: TFieldCipher;
  bankPayments: TBankPaymentsPort;
  clock: () => Date;
  sandbox: boolean;
}

export interface TPaymentRequest {
  loanUuid: string;
  identityUuid?: string;
  amountCents: number;
  method: Extract<TPaymentMethod, 'ACH' | 'AUTOPAY'>;
  purpose: TPaymentPurpose;
  idempotencyKey: string;
  actor: string;
  quoteUuid?: string;
  /** Inside the first transaction, after the payment row is written (the payoff checks). */
  onCreated?: (tx: TDb, context: TLoanContext) => Promise<void>;
}

export async function existingPayment(
  db: TDb,
  loanUuid: string,
  idempotencyKey: string,
): Promise<TServicingPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(servicingPayments)
    .where(
      and(
        eq(servicingPayments.loanUuid, loanUuid),
        eq(servicingPayments.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

function sameRequest(row: TServicingPaymentRow, request: TPaymentRequest): boolean {
  return row.amountCents === request.amountCents && row.purpose === request.purpose;
}

/** Writes the payment (or finds the one of this key); answers it and whether it is new. */
async function createPaymentRow(
  deps: TPaymentDeps,
  request: TPaymentRequest,
): Promise<{ payment: TServicingPaymentRow; isNew: boolean }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, request.loanUuid, {
      forUpdate: true,
      ...(request.identityUuid !== undefined ? { identityUuid: request.identityUuid } : {}),
    });
    const found = await existingPayment(tx, request.loanUuid, request.idempotencyKey);
    if (found !== undefined) {
      if (!sameRequest(found, request)) {
        throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MESSAGES.keyReused);
      }
      return { payment: found, isNew: false };
    }
    if (!OPEN_STATUSES.includes(context.loan.status)) {
      throw new HttpError(409, 'LOAN_NOT_OPEN', PAYMENT_MESSAGES.notOpen);
    }
    await accrueInterestBatch(tx, { asOf: isoDay(now), loanUuid: request.loanUuid });
    const balances = await balancesOf(tx, request.loanUuid);
    if (request.amountCents > balances.totalCents) {
      throw new HttpError(400, 'VALIDATION_ERROR', PAYMENT_MESSAGES.aboveBalance, {
        amountCents: [PAYMENT_MESSAGES.aboveBalance],
      });
    }
    if ((await debitAccountOf(tx, deps.cipher, request.loanUuid)) === null) {
      throw new HttpError(409, 'NO_DEBIT_ACCOUNT', PAYMENT_MESSAGES.noAccount);
    }
    const [payment] = await tx
      .insert(servicingPayments)
      .values({
        uuid: randomUUID(),
        loanUuid: request.loanUuid,
        method: request.method,
        purpose: request.purpose,
        amountCents: request.amountCents,
        status: 'PENDING',
        idempotencyKey: request.idempotencyKey,
        quoteUuid: request.quoteUuid ?? null,
        actor: request.actor,
        createdAt: now,
      })
      .returning();
    if (payment === undefined) throw new Error('The payment was not written');
    await request.onCreated?.(tx, context);
    await tx.insert(auditEvents).values({
      entityType: PAYMENT_ENTITY,
      entityId: payment.uuid,
      actor: request.actor,
      fromState: null,
      toState: 'PENDING',
      reason: `${request.purpose} ${request.method} of ${request.amountCents} cents on loan ${request.loanUuid}`,
      at: now,
    });
    return { payment, isNew: true };
  });
}

/**
 * Sends a written payment's debit to the bank and keeps the answer. Safe to run again for a
 * payment whose debit has no transfer yet (the bank dedupes by the payment's uuid).
 */
export async function sendDebit(
  deps: TPaymentDeps,
  payment: TServicingPaymentRow,
  afterAccepted?: (tx: TDb, payment: TServicingPaymentRow) => Promise<void>,
): Promise<TServicingPaymentRow> {
  const account = await debitAccountOf(deps.db, deps.cipher, payment.loanUuid);
  const result =
    account === null
      ? ({ status: 'FAILED', reason: 'No bank account to debit' } as const)
      : await deps.bankPayments.initiateDebit({
          paymentUuid: payment.uuid,
          amountCents: payment.amountCents,
          account,
          description: payment.purpose === 'PAYOFF' ? 'Loan payoff' : 'Loan payment',
        });
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, payment.loanUuid, { forUpdate: true });
    const [current] = await tx
      .select()
      .from(servicingPayments)
      .where(eq(servicingPayments.uuid, payment.uuid))
      .for('update');
    if (current === undefined || current.status !== 'PENDING' || current.transferId !== null) {
      return current ?? payment;
    }
    if (result.status === 'FAILED') {
      const [failed] = await tx
        .update(servicingPayments)
        .set({ status: 'RETURNED', failureReason: result.reason, updatedAt: now })
        .where(eq(servicingPayments.uuid, payment.uuid))
        .returning();
      await notifyReturned(tx, deps, context, payment.amountCents, result.reason);
      await auditPayment(tx, payment.uuid, 'PENDING', 'RETURNED', result.reason, now);
      return failed ?? current;
    }
    const balances = await balancesOf(tx, payment.loanUuid);
    await postJournal(tx, {
      loanUuid: payment.loanUuid,
      journal: paymentJournal(
        balances,
        Math.min(payment.amountCents, balances.totalCents),
        payment.purpose,
      ),
      effectiveOn: isoDay(now),
      paymentUuid: payment.uuid,
    });
    // The lower balance may end a margin call.
    await queueRiskPass(tx, `payment:${payment.uuid}`);
    const [accepted] = await tx
      .update(servicingPayments)
      .set({ transferId: result.transferId, updatedAt: now })
      .where(eq(servicingPayments.uuid, payment.uuid))
      .returning();
    if (accepted === undefined) throw new Error('The payment vanished');
    await afterAccepted?.(tx, accepted);
    await assertServicingInvariants(tx, payment.loanUuid);
    return accepted;
  });
}

export async function auditPayment(
  tx: TDb,
  paymentUuid: string,
  from: string,
  to: string,
  reason: string,
  at: Date,
): Promise<void> {
  await tx.insert(auditEvents).values({
    entityType: PAYMENT_ENTITY,
    entityId: paymentUuid,
    actor: 'system:bank-payments',
    fromState: from,
    toState: to,
    reason,
    at,
  });
}

export async function notifyReturned(
  tx: TDb,
  deps: { cipher: TFieldCipher; sandbox: boolean },
  context: TLoanContext,
  amountCents: number,
  reason: string,
): Promise<void> {
  await queueEmail(
    tx,
    deps,
    'payment-returned',
    paymentReturnedMessage({
      to: context.borrowerEmail,
      brand: brandOfLoan(context, deps.sandbox),
      amountCents,
      reason,
    }),
  );
}

/** The whole use case: write once, send once, answer the payment. */
export async function makePayment(
  deps: TPaymentDeps,
  request: TPaymentRequest,
  afterAccepted?: (tx: TDb, payment: TServicingPaymentRow) => Promise<void>,
): Promise<TServicingPaymentRow> {
  const { payment, isNew } = await createPaymentRow(deps, request);
  if (!isNew && (payment.status !== 'PENDING' || payment.transferId !== null)) return payment;
  return sendDebit(deps, payment, afterAccepted);
}
