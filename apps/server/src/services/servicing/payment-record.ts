/**
 * A loan's payments as the payment statements read and write them: the row as PostgreSQL's
 * to_jsonb answers it, the loan's ledger sums read in the same statement, the payments still in
 * flight, and the audit of a payment's status.
 */
import {
  balancesFromAccountSums,
  PAYMENT_METHOD_MESSAGES,
  type TApplicationState,
  type TBalances,
  type TLedgerAccount,
  type TLoanStatusName,
  type TRiskLevel,
} from '@pledge/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingPayments } from '../../db/schema/index.js';
import type { TServicingPaymentRow } from './servicing-record.js';

export const PAYMENT_ENTITY = 'servicing-payment';

export const PAYMENT_MESSAGES = {
  notOpen: 'This loan is not open for payments.',
  aboveBalance: 'Enter an amount no larger than the balance',
  keyReused: 'This Idempotency-Key was already used for a different payment',
  noAccount: PAYMENT_METHOD_MESSAGES.noDebitAccount,
  refused: (reason: string) => `Your bank refused the debit: ${reason}.`,
} as const;

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

export async function paymentByUuid(
  tx: TDb,
  paymentUuid: string,
): Promise<TServicingPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(servicingPayments)
    .where(eq(servicingPayments.uuid, paymentUuid));
  return row;
}

/** A servicing_payments row as PostgreSQL's to_jsonb writes it. */
export interface TPaymentJson {
  uuid: string;
  loan_uuid: string;
  method: TServicingPaymentRow['method'];
  purpose: TServicingPaymentRow['purpose'];
  amount_cents: number;
  status: TServicingPaymentRow['status'];
  idempotency_key: string;
  reference: string | null;
  transfer_id: string | null;
  received_on: string | null;
  quote_uuid: string | null;
  failure_reason: string | null;
  actor: string;
  created_at: string;
  settled_at: string | null;
  updated_at: string;
}

export function paymentRowOf(json: TPaymentJson): TServicingPaymentRow {
  return {
    uuid: json.uuid,
    loanUuid: json.loan_uuid,
    method: json.method,
    purpose: json.purpose,
    amountCents: Number(json.amount_cents),
    status: json.status,
    idempotencyKey: json.idempotency_key,
    reference: json.reference,
    transferId: json.transfer_id,
    receivedOn: json.received_on,
    quoteUuid: json.quote_uuid,
    failureReason: json.failure_reason,
    actor: json.actor,
    createdAt: new Date(json.created_at),
    settledAt: json.settled_at === null ? null : new Date(json.settled_at),
    updatedAt: new Date(json.updated_at),
  };
}

/** A loan's sums per ledger account. */
export type TAccountSums = Partial<Record<TLedgerAccount, number>>;

/**
 * The loan's sums per ledger account, as one JSON object (`{}` for an empty ledger): its rows of
 * ledger_account_balances, one per account however many entries the loan has.
 */
export function ledgerSumsSql(loanUuid: SQL) {
  return sql`(SELECT coalesce(jsonb_object_agg(b.account, b.cents), '{}'::jsonb)
      FROM ledger_account_balances b WHERE b.loan_uuid = ${loanUuid})`;
}

/**
 * What an accepted debit's posting checks read of the loan under its lock (the ledger's sums and
 * cash paid in, the payments counted as paid in, the loan's status and its application's state)
 * and what decides whether the posting may move the loan's risk: as postingFactsSql answers them.
 */
export interface TPostingFacts {
  /** Each account's [sum, sum paid in] (ledger_account_balances). */
  ledger: Partial<Record<TLedgerAccount, [cents: number, paidInCents: number]>>;
  countedCents: number;
  status: TLoanStatusName;
  state: TApplicationState;
  riskLevel: TRiskLevel;
  riskNotifiedLevel: TRiskLevel;
  hasCureDeadline: boolean;
}

/**
 * TPostingFacts as one JSON value, of the rows of `balances` (account, cents, paid_in_cents) and
 * the row `loan` (its counted_payments_cents, status, application_state, risk_level,
 * risk_notified_level and has_cure_deadline): the payment's write and its posting build it alike,
 * so that the posting can tell, by equality, that the loan is still as the write read it.
 */
export function postingFactsSql(balances: string, loan: string): SQL {
  const l = sql.raw(loan);
  return sql`jsonb_build_object(
      'ledger', (SELECT coalesce(jsonb_object_agg(pb.account,
          jsonb_build_array(pb.cents, pb.paid_in_cents)), '{}'::jsonb)
        FROM ${sql.raw(balances)} pb),
      'countedCents', ${l}.counted_payments_cents, 'status', ${l}.status,
      'state', ${l}.application_state, 'riskLevel', ${l}.risk_level,
      'riskNotifiedLevel', ${l}.risk_notified_level, 'hasCureDeadline', ${l}.has_cure_deadline)`;
}

/** The sums per account of posting facts' ledger. */
export function sumsOfPostingFacts(facts: TPostingFacts): TAccountSums {
  const sums: TAccountSums = {};
  for (const [account, [cents]] of Object.entries(facts.ledger)) {
    sums[account as TLedgerAccount] = cents;
  }
  return sums;
}

export function balancesOfSums(sums: TAccountSums): TBalances {
  const numbers: TAccountSums = {};
  for (const [account, cents] of Object.entries(sums)) {
    numbers[account as TLedgerAccount] = Number(cents);
  }
  return balancesFromAccountSums(numbers);
}

/**
 * The loan's payments written but not yet posted to the ledger, in cents: each waits for its
 * bank's answer between its two transactions (or, after a stop there, for the settlement sweep to
 * send it). The ledger does not show them yet, so a new payment is checked against the balance
 * less these: two payments sent at once that together pay more than the balance would otherwise
 * both be written, and the second debit sent, with more than the balance left to post.
 */
export function inFlightPaymentsSql(loanUuid: SQL) {
  return sql`(SELECT coalesce(sum(p.amount_cents), 0) FROM servicing_payments p
      WHERE p.loan_uuid = ${loanUuid} AND p.status = 'PENDING' AND p.transfer_id IS NULL)`;
}

/** inFlightPaymentsSql of a loan, read on its own (under the loan's lock). */
export async function inFlightPaymentsCents(tx: TDb, loanUuid: string): Promise<number> {
  const result = await tx.execute<{ cents: string }>(
    sql`SELECT ${inFlightPaymentsSql(sql`${loanUuid}::uuid`)}::text AS cents`,
  );
  return Number(result.rows[0]?.cents ?? 0);
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
