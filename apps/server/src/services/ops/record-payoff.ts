/**
 * Recording that the borrower paid the loan off, the state change an approved payoff proposal
 * makes: COMPLETE becomes PAID_OFF (event PAID_OFF, stage COLLATERAL_RELEASE), and the borrower can
 * then ask for the collateral back. The state machine decides from which states; the method (ACH
 * or wire) is kept with the payoff, since it decides how long the crypto is held.
 */
import {
  canTransition,
  centsToUsdString,
  PAYOFF_METHOD_LABELS,
  type TPayoffMethod,
} from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { applyTransition } from '../applications/apply-transition.js';
import { ledgerPayoffFigureCents } from '../servicing/ledger-payoff-figure.js';
import { recordPayoffMethod } from './payoff-record.js';

/** The audit trail's words: "Payoff recorded (ACH)", then the evidence if any. */
export function payoffReason(method: TPayoffMethod, note: string | undefined): string {
  const base = `Payoff recorded (${PAYOFF_METHOD_LABELS[method]})`;
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? base : `${base}: ${trimmed}`;
}

/** 409 unless the locked application is a loan that can be recorded as paid off. */
export function assertPayoffAllowed(application: TApplicationRow): void {
  if (!canTransition(application.state, 'PAID_OFF')) {
    throw new HttpError(
      409,
      'CANNOT_RECORD_PAYOFF',
      `Only an active loan (COMPLETE) can be recorded as paid off; this application is in state ${application.state}.`,
    );
  }
}

export const PAYOFF_FIGURE_MESSAGE = (figureCents: number) =>
  `The ledger's payoff figure today is ${centsToUsdString(figureCents)} USD: a payoff is recorded for exactly that amount. Record a smaller amount as a wire payment.`;

/**
 * 409 unless the amount received is the ledger's payoff figure today (ledger-payoff-figure.ts): a
 * payoff recorded by agents closes the debt, so it is tied to what the ledger says is owed.
 */
export async function assertPayoffMatchesLedger(
  tx: TDb,
  input: { loanUuid: string; amountCents: number; now: Date },
): Promise<void> {
  const figureCents = await ledgerPayoffFigureCents(tx, input);
  if (input.amountCents !== figureCents) {
    throw new HttpError(409, 'PAYOFF_AMOUNT_NOT_LEDGER', PAYOFF_FIGURE_MESSAGE(figureCents));
  }
}

/** Inside the caller's transaction, the application locked: the loan ends as paid off. */
export async function recordPayoff(
  tx: TDb,
  input: {
    application: TApplicationRow;
    actor: string;
    method: TPayoffMethod;
    evidence: string;
    at: Date;
  },
): Promise<TApplicationRow> {
  assertPayoffAllowed(input.application);
  const reason = payoffReason(input.method, input.evidence);
  const { application } = await applyTransition(tx, {
    appUuid: input.application.uuid,
    event: 'PAID_OFF',
    actor: input.actor,
    reason,
    at: input.at,
  });
  await recordPayoffMethod(tx, {
    appUuid: input.application.uuid,
    actor: input.actor,
    method: input.method,
    reason,
    at: input.at,
  });
  return application;
}
