/** An agent records a wire the borrower sent: settled at once, posted to the ledger, audited. */
import { randomUUID } from 'node:crypto';
import type { TPostOpsWirePaymentBody, TServicingPayment } from '@pledge/contract';
import { isoDay, paymentJournal } from '@pledge/domain';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { accrueInterestBatch } from './accrue-interest.js';
import { OPEN_STATUSES } from './get-servicing-loan.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import {
  existingPayment,
  inFlightPaymentsCents,
  PAYMENT_ENTITY,
  PAYMENT_MESSAGES,
} from './payment-record.js';
import { loadLoan, toPaymentView } from './servicing-record.js';
import { assertServicingInvariants } from './servicing-invariants.js';

export const WIRE_MESSAGES = {
  futureDay: 'The day received cannot be after today',
  beforeFunding: (fundedOn: string) =>
    `The day received cannot be before the loan was funded (${fundedOn})`,
  alreadyCredited:
    'A wire with this bank reference was already credited to this loan: it is not credited twice.',
} as const;

export async function recordWirePayment(
  deps: { db: TDb; clock: () => Date },
  input: { loanUuid: string; body: TPostOpsWirePaymentBody; idempotencyKey: string; actor: string },
): Promise<TServicingPayment> {
  const now = deps.clock();
  const today = isoDay(now);
  if (input.body.receivedOn > today) {
    throw new HttpError(400, 'VALIDATION_ERROR', WIRE_MESSAGES.futureDay, {
      receivedOn: [WIRE_MESSAGES.futureDay],
    });
  }
  const row = await deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, input.loanUuid, { forUpdate: true });
    const found = await existingPayment(tx, input.loanUuid, input.idempotencyKey);
    if (found !== undefined) {
      if (found.amountCents !== input.body.amountCents || found.method !== 'WIRE') {
        throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MESSAGES.keyReused);
      }
      return found;
    }
    if (!OPEN_STATUSES.includes(context.loan.status)) {
      throw new HttpError(409, 'LOAN_NOT_OPEN', PAYMENT_MESSAGES.notOpen);
    }
    // A wire pays this loan only once it exists, and one bank reference is credited once.
    if (input.body.receivedOn < context.loan.fundedOn) {
      const message = WIRE_MESSAGES.beforeFunding(context.loan.fundedOn);
      throw new HttpError(400, 'VALIDATION_ERROR', message, { receivedOn: [message] });
    }
    const [sameReference] = await tx
      .select({ uuid: servicingPayments.uuid })
      .from(servicingPayments)
      .where(
        and(
          eq(servicingPayments.loanUuid, input.loanUuid),
          eq(servicingPayments.method, 'WIRE'),
          sql`lower(${servicingPayments.reference}) = lower(${input.body.reference})`,
          notInArray(servicingPayments.status, ['RETURNED', 'REVERSED']),
        ),
      )
      .limit(1);
    if (sameReference !== undefined) {
      throw new HttpError(409, 'WIRE_ALREADY_CREDITED', WIRE_MESSAGES.alreadyCredited);
    }
    await accrueInterestBatch(tx, { asOf: today, loanUuid: input.loanUuid });
    const balances = await balancesOf(tx, input.loanUuid);
    // ACH payments in flight are owed their share of the balance first (inFlightPaymentsSql).
    const inFlightCents = await inFlightPaymentsCents(tx, input.loanUuid);
    if (input.body.amountCents + inFlightCents > balances.totalCents) {
      throw new HttpError(400, 'VALIDATION_ERROR', PAYMENT_MESSAGES.aboveBalance, {
        amountCents: [PAYMENT_MESSAGES.aboveBalance],
      });
    }
    const uuid = randomUUID();
    const [payment] = await tx
      .insert(servicingPayments)
      .values({
        uuid,
        loanUuid: input.loanUuid,
        method: 'WIRE',
        purpose: 'PAYMENT',
        amountCents: input.body.amountCents,
        status: 'SETTLED',
        idempotencyKey: input.idempotencyKey,
        reference: input.body.reference,
        receivedOn: input.body.receivedOn,
        actor: input.actor,
        createdAt: now,
        settledAt: now,
      })
      .returning();
    await postJournal(tx, {
      loanUuid: input.loanUuid,
      journal: paymentJournal(balances, input.body.amountCents),
      effectiveOn: input.body.receivedOn,
      paymentUuid: uuid,
    });
    await queueRiskPass(tx, `payment:${uuid}`);
    await tx.insert(auditEvents).values({
      entityType: PAYMENT_ENTITY,
      entityId: uuid,
      actor: input.actor,
      fromState: null,
      toState: 'SETTLED',
      reason: `Wire of ${input.body.amountCents} cents recorded, reference ${input.body.reference}`,
      at: now,
    });
    if (payment === undefined) throw new Error('The wire was not written');
    await assertServicingInvariants(tx, input.loanUuid);
    return payment;
  });
  return toPaymentView(row);
}
