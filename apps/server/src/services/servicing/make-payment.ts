/**
 * A payment by ACH debit (the borrower's, autopay's, or a payoff's). One payment per idempotency
 * key however often it is sent: the payment row is written first (payment-record-tx.ts, unique per
 * loan and key), then the bank is asked with the payment's uuid as its own idempotency key
 * (payment-bank-call.ts), then the answer is kept (payment-apply-tx.ts): accepted debits are
 * posted to the ledger at once (PENDING, reversed if returned), refused ones are kept as RETURNED
 * and the borrower is told.
 */
import type { TBankPaymentsPort } from '../../adapters/bank-payments/port.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { debitAccountOf } from './debit-account.js';
import { applyBankAnswer, type TAfterAccepted } from './payment-apply-tx.js';
import { askBankForDebit } from './payment-bank-call.js';
import { recordPayment, type TPaymentRequest } from './payment-record-tx.js';
import type { TServicingPaymentRow } from './servicing-record.js';

export interface TPaymentDeps {
  db: TDb;
  cipher: TFieldCipher;
  bankPayments: TBankPaymentsPort;
  clock: () => Date;
  sandbox: boolean;
}

/**
 * Sends a written payment's debit to the bank and keeps the answer. Safe to run again for a
 * payment whose debit has no transfer yet (the bank dedupes by the payment's uuid).
 */
export async function sendDebit(
  deps: TPaymentDeps,
  payment: TServicingPaymentRow,
  afterAccepted?: TAfterAccepted,
): Promise<TServicingPaymentRow> {
  const account = await debitAccountOf(deps.db, deps.cipher, payment.loanUuid);
  const answer = await askBankForDebit(deps.bankPayments, payment, account);
  return applyBankAnswer(deps, payment, answer, afterAccepted);
}

/** The whole use case: write once, send once, answer the payment. */
export async function makePayment(
  deps: TPaymentDeps,
  request: TPaymentRequest,
  afterAccepted?: TAfterAccepted,
): Promise<TServicingPaymentRow> {
  const { payment, isNew, account, ledgerSums, postingFacts } = await recordPayment(deps, request);
  if (!isNew && (payment.status !== 'PENDING' || payment.transferId !== null)) return payment;
  const answer = await askBankForDebit(deps.bankPayments, payment, account);
  return applyBankAnswer(deps, payment, answer, afterAccepted, ledgerSums, postingFacts);
}
