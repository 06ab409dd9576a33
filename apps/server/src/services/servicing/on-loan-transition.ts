/**
 * Servicing follows the application's state, inside the transition's transaction: funded
 * (COMPLETE) opens the ledger; RENEWED closes it into the renewal; PAID_OFF closes it, a payoff
 * recorded by agents (money received outside the app) settling whatever the ledger still holds.
 */
import { isoDay, paymentJournal, type TApplicationState, type TBalances } from '@pledge/domain';
import { randomUUID } from 'node:crypto';
import type { TDb } from '../../db/pool.js';
import { servicingPayments } from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { balancesOf, postJournal } from './ledger-store.js';
import { closeLoanServicing, openLoanLedger } from './open-loan-ledger.js';
import { assertServicingInvariants } from './servicing-invariants.js';

/**
 * A payoff recorded outside the app, settled at once for the balances the ledger holds: the payment
 * and its journal, under the caller's key, words and actor.
 */
export async function settleRecordedPayoff(
  tx: TDb,
  loanUuid: string,
  balances: TBalances,
  payment: { idempotencyKey: string; reference: string; actor: string; at: Date },
): Promise<void> {
  const paymentUuid = randomUUID();
  await tx.insert(servicingPayments).values({
    uuid: paymentUuid,
    loanUuid,
    method: 'RECORDED',
    purpose: 'PAYOFF',
    amountCents: balances.totalCents,
    status: 'SETTLED',
    idempotencyKey: payment.idempotencyKey,
    reference: payment.reference,
    actor: payment.actor,
    createdAt: payment.at,
    settledAt: payment.at,
  });
  await postJournal(tx, {
    loanUuid,
    journal: paymentJournal(balances, balances.totalCents, 'PAYOFF'),
    effectiveOn: isoDay(payment.at),
    paymentUuid,
  });
}

export async function onLoanTransition(
  tx: TDb,
  input: { application: TApplicationRow; from: TApplicationState; to: TApplicationState; at: Date },
): Promise<void> {
  if (input.from === input.to) return;
  const loanUuid = input.application.uuid;
  if (input.to === 'COMPLETE') {
    await openLoanLedger(tx, input.application, input.at);
  } else if (input.to === 'RENEWED') {
    await closeLoanServicing(tx, loanUuid, 'RENEWED', input.at);
  } else if (input.to === 'PAID_OFF') {
    const balances = await balancesOf(tx, loanUuid);
    if (balances.totalCents > 0) {
      // A payoff agents recorded from evidence: the money came outside the app; it settles the rest.
      await settleRecordedPayoff(tx, loanUuid, balances, {
        idempotencyKey: `recorded-payoff:${loanUuid}`,
        reference: 'Payoff recorded by agents',
        actor: 'system:recorded-payoff',
        at: input.at,
      });
    }
    await closeLoanServicing(tx, loanUuid, 'PAID_OFF', input.at);
  }
  await assertServicingInvariants(tx, loanUuid);
}
