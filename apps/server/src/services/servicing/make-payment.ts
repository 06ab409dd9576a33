/**
 * A payment by ACH debit (the borrower's, autopay's, or a payoff's). One payment per idempotency
 * key however often it is sent: the payment row is written first (unique per loan and key), then
 * the bank is asked with the payment's uuid as its own idempotency key, then the answer is kept:
 * accepted debits are posted to the ledger at once (PENDING, reversed if returned), refused ones
 * are kept as RETURNED and the borrower is told.
 *
 * Each of the two transactions sends few statements: one locks the loan and reads what the checks
 * need, one writes (the payment with its audit event; the journal with the payment's transfer),
 * its checks answered by the same statement. A statement that follows the lock reads the ledger
 * as it is under the lock; the reads of the locking statement itself may predate it (it can wait
 * for the lock), so the write is made only if the ledger is still what they saw.
 */
import { randomUUID } from 'node:crypto';
import {
  acceptedDebitJournal,
  assertBalancedJournal,
  balancesFromAccountSums,
  isoDay,
  loanPaymentReference,
  PAYMENT_METHOD_MESSAGES,
  RECEIVABLE_ACCOUNTS,
  servicingViolations,
  stageOf,
  type TApplicationState,
  type TBalances,
  type TLedgerAccount,
  type TLoanFacts,
  type TPaymentMethod,
  type TPaymentPurpose,
  type TRiskLevel,
  type TServicingFact,
} from '@pledge/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TBankPaymentsPort, TDebitAccount } from '../../adapters/bank-payments/port.js';
import { executeNamed } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { auditEvents, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { queueEmail } from '../email/queue-email.js';
import { accrualDueSql, accrueInterestBatch } from './accrue-interest.js';
import { debitAccountFrom, debitAccountOf } from './debit-account.js';
import { queueRiskPass } from '../risk/queue-risk-pass.js';
import { paymentReturnedMessage } from './servicing-messages.js';
import {
  borrowerEmailOf,
  brandOfLoan,
  loadLoan,
  loanNotFound,
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
  noAccount: PAYMENT_METHOD_MESSAGES.noDebitAccount,
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

/** A servicing_payments row as PostgreSQL's to_jsonb writes it. */
interface TPaymentJson {
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

function paymentRowOf(json: TPaymentJson): TServicingPaymentRow {
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
type TAccountSums = Partial<Record<TLedgerAccount, number>>;

/**
 * The loan's sums per ledger account, as one JSON object (`{}` for an empty ledger): its rows of
 * ledger_account_balances, one per account however many entries the loan has.
 */
function ledgerSumsSql(loanUuid: SQL) {
  return sql`(SELECT coalesce(jsonb_object_agg(b.account, b.cents), '{}'::jsonb)
      FROM ledger_account_balances b WHERE b.loan_uuid = ${loanUuid})`;
}

function balancesOfSums(sums: TAccountSums): TBalances {
  const numbers: TAccountSums = {};
  for (const [account, cents] of Object.entries(sums)) {
    numbers[account as TLedgerAccount] = Number(cents);
  }
  return balancesFromAccountSums(numbers);
}

/** What the first transaction needs of the loan, read under its lock. */
interface TPaymentLoanRow {
  status: TLoanContext['loan']['status'];
  identity_uuid: string;
  accrual_due: boolean;
  existing: TPaymentJson | null;
  routing_number: string | null;
  account_number_sealed: string | null;
  account_holder_name_sealed: string | null;
  bank_link_item_id: string | null;
  linked_account_id: string | null;
  has_account: boolean;
  access_token_sealed: string | null;
  item_identity_uuid: string | null;
}

/**
 * Locks the loan and reads, in one statement, the payment of this key, the loan's status, whether
 * interest is due to accrue (as accrueInterestBatch selects it) and the account to debit.
 */
async function lockLoanForPayment(
  tx: TDb,
  request: TPaymentRequest,
  asOf: string,
): Promise<TPaymentLoanRow | undefined> {
  const loanUuid = sql`${request.loanUuid}::uuid`;
  const [row] = await executeNamed<TPaymentLoanRow>(
    tx,
    'payment_lock_loan',
    sql`
    SELECT s.status, s.identity_uuid,
      (${accrualDueSql(asOf)}) AS accrual_due,
      (SELECT to_jsonb(p) FROM servicing_payments p
        WHERE p.loan_uuid = s.loan_uuid AND p.idempotency_key = ${request.idempotencyKey}) AS existing,
      d.application_uuid IS NOT NULL AS has_account,
      d.routing_number, d.account_number_sealed, d.account_holder_name_sealed,
      d.bank_link_item_id, d.linked_account_id,
      b.access_token_sealed, b.identity_uuid AS item_identity_uuid
    FROM servicing_loans s
    LEFT JOIN disbursement_accounts d ON d.application_uuid = s.loan_uuid
    LEFT JOIN bank_link_items b ON b.id = d.bank_link_item_id
    WHERE s.loan_uuid = ${loanUuid}
    FOR UPDATE OF s`,
  );
  return row;
}

function debitAccountOfRow(
  cipher: TFieldCipher,
  loanUuid: string,
  row: TPaymentLoanRow,
): TDebitAccount | null {
  if (!row.has_account) return null;
  return debitAccountFrom(cipher, loanUuid, {
    routingNumber: row.routing_number,
    accountNumberSealed: row.account_number_sealed,
    accountHolderNameSealed: row.account_holder_name_sealed,
    bankLinkItemId: row.bank_link_item_id,
    linkedAccountId: row.linked_account_id,
    item:
      row.access_token_sealed === null || row.item_identity_uuid === null
        ? null
        : { accessTokenSealed: row.access_token_sealed, identityUuid: row.item_identity_uuid },
  });
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

/**
 * Writes the payment (none when the key is taken) with its audit event, and reads the loan's
 * ledger sums and its payments in flight (this one left out: the rows a statement writes are not
 * seen by its other reads), in one statement made under the loan's lock.
 */
async function insertPayment(
  tx: TDb,
  request: TPaymentRequest,
  now: Date,
): Promise<{
  payment: TServicingPaymentRow | undefined;
  balances: TBalances;
  inFlightCents: number;
}> {
  const loanUuid = sql`${request.loanUuid}::uuid`;
  const reason = `${request.purpose} ${request.method} of ${request.amountCents} cents on loan ${request.loanUuid}`;
  const [row] = await executeNamed<{
    payment: TPaymentJson | null;
    sums: TAccountSums;
    in_flight_cents: string;
  }>(
    tx,
    'payment_insert',
    sql`
    WITH inserted AS (
      INSERT INTO servicing_payments
        (uuid, loan_uuid, method, purpose, amount_cents, status, idempotency_key, quote_uuid,
         actor, created_at)
      VALUES (${randomUUID()}::uuid, ${loanUuid}, ${request.method}, ${request.purpose},
        ${request.amountCents}::bigint, 'PENDING', ${request.idempotencyKey},
        ${request.quoteUuid ?? null}::uuid, ${request.actor}, ${now.toISOString()}::timestamptz)
      ON CONFLICT (loan_uuid, idempotency_key) DO NOTHING
      RETURNING *
    ), audited AS (
      INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
      SELECT ${PAYMENT_ENTITY}, i.uuid::text, i.actor, NULL, 'PENDING', ${reason}, i.created_at
      FROM inserted i
    )
    SELECT (SELECT to_jsonb(i) FROM inserted i) AS payment, ${ledgerSumsSql(loanUuid)} AS sums,
      ${inFlightPaymentsSql(loanUuid)}::text AS in_flight_cents`,
  );
  if (row === undefined) throw new Error('The payment insert answered no row');
  return {
    payment: row.payment === null ? undefined : paymentRowOf(row.payment),
    balances: balancesOfSums(row.sums),
    inFlightCents: Number(row.in_flight_cents),
  };
}

interface TCreatedPayment {
  payment: TServicingPaymentRow;
  isNew: boolean;
  /** The account to debit, as read with the payment. */
  account: TDebitAccount | null;
}

/** The answer to a key already used: its payment when the request is the same, 409 otherwise. */
function replayed(
  found: TServicingPaymentRow,
  request: TPaymentRequest,
  account: TDebitAccount | null,
): TCreatedPayment {
  if (!sameRequest(found, request)) {
    throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MESSAGES.keyReused);
  }
  return { payment: found, isNew: false, account };
}

/** Writes the payment (or finds the one of this key); answers it and whether it is new. */
async function createPaymentRow(
  deps: TPaymentDeps,
  request: TPaymentRequest,
): Promise<TCreatedPayment> {
  const now = deps.clock();
  const asOf = isoDay(now);
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoanForPayment(tx, request, asOf);
    if (loan === undefined) throw loanNotFound();
    if (request.identityUuid !== undefined && loan.identity_uuid !== request.identityUuid) {
      throw loanNotFound();
    }
    const account = debitAccountOfRow(deps.cipher, request.loanUuid, loan);
    if (loan.existing !== null) return replayed(paymentRowOf(loan.existing), request, account);
    if (!OPEN_STATUSES.includes(loan.status)) {
      throw new HttpError(409, 'LOAN_NOT_OPEN', PAYMENT_MESSAGES.notOpen);
    }
    // Refused before anything is written: a loan paid out in USDC has no bank account to debit.
    if (account === null) {
      throw new HttpError(
        409,
        'NO_DEBIT_ACCOUNT',
        PAYMENT_MESSAGES.noAccount(loanPaymentReference(request.loanUuid)),
      );
    }
    if (loan.accrual_due) {
      await accrueInterestBatch(tx, { asOf, loanUuid: request.loanUuid });
    }
    const { payment, balances, inFlightCents } = await insertPayment(tx, request, now);
    if (payment === undefined) {
      // The key was taken after the locking statement read it (the payment committed while that
      // statement waited for the lock).
      const found = await existingPayment(tx, request.loanUuid, request.idempotencyKey);
      if (found === undefined) throw new Error('The payment was not written');
      return replayed(found, request, account);
    }
    // A refusal below rolls the payment and its audit event back.
    if (request.amountCents + inFlightCents > balances.totalCents) {
      throw new HttpError(400, 'VALIDATION_ERROR', PAYMENT_MESSAGES.aboveBalance, {
        amountCents: [PAYMENT_MESSAGES.aboveBalance],
      });
    }
    if (request.onCreated !== undefined) {
      const context = await loadLoan(tx, request.loanUuid, {
        forUpdate: true,
        ...(request.identityUuid !== undefined ? { identityUuid: request.identityUuid } : {}),
      });
      await request.onCreated(tx, context);
    }
    return { payment, isNew: true, account };
  });
}

/** What the second transaction needs of the loan, read under its lock. */
interface TDebitLoanRow {
  status: TLoanContext['loan']['status'];
  risk_level: TRiskLevel;
  risk_notified_level: TRiskLevel;
  has_cure_deadline: boolean;
  application_state: TApplicationState;
  payment: TPaymentJson | null;
  sums: TAccountSums;
}

async function lockLoanForDebit(
  tx: TDb,
  payment: TServicingPaymentRow,
): Promise<TDebitLoanRow | undefined> {
  const loanUuid = sql`${payment.loanUuid}::uuid`;
  const [row] = await executeNamed<TDebitLoanRow>(
    tx,
    'payment_debit_lock_loan',
    sql`
    SELECT s.status, s.risk_level, s.risk_notified_level,
      s.cure_deadline IS NOT NULL AS has_cure_deadline, a.state AS application_state,
      (SELECT to_jsonb(p) FROM servicing_payments p WHERE p.uuid = ${payment.uuid}::uuid) AS payment,
      ${ledgerSumsSql(loanUuid)} AS sums
    FROM servicing_loans s JOIN applications a ON a.uuid = s.loan_uuid
    WHERE s.loan_uuid = ${loanUuid}
    FOR UPDATE OF s`,
  );
  return row;
}

/**
 * Whether a payment can move the loan's risk level, notices or margin call: a lower balance only
 * lowers the LTV, so a loan at no level, notified of none and without a margin call stays so
 * (a new price queues its own pass).
 */
function paymentMayMoveRisk(loan: TDebitLoanRow): boolean {
  return (
    loan.risk_level !== 'NONE' ||
    loan.risk_notified_level !== 'NONE' ||
    loan.has_cure_deadline ||
    loan.status === 'MARGIN_CALL'
  );
}

interface TPostedDebit {
  /** False when the receivables were not those the journal was made of: nothing was written. */
  isLedgerAsRead: boolean;
  /** The payment with its transfer; null when it was no longer waiting for one. */
  payment: TPaymentJson | null;
  /** The sums the statement found before writing (the ledger under the lock). */
  sumsBefore: TAccountSums;
  sumsAfter: TAccountSums;
  cashCents: number;
  countedPaymentsCents: number;
}

/**
 * In one statement: the payment's transfer kept and its journal posted, only if the payment still
 * waits for its transfer and the loan's receivables are those the journal was made of; answers
 * the facts of the servicing invariants as the statement left them (the ledger under the lock with
 * the legs written, the payments with this one as updated).
 *
 * The payments counted as paid in are the loan's kept sum (counted_payments_cents, which the
 * trigger on servicing_payments moves at the end of this statement) plus this payment: it was not
 * counted before (pending, no transfer) and its transfer makes it counted.
 */
async function postAcceptedDebit(
  tx: TDb,
  input: {
    payment: TServicingPaymentRow;
    transferId: string;
    /** The sums the journal was made of. */
    sums: TAccountSums;
    legs: { account: TLedgerAccount; amountCents: number }[];
    kind: string;
    now: Date;
  },
): Promise<TPostedDebit> {
  const { payment, now } = input;
  const loanUuid = sql`${payment.loanUuid}::uuid`;
  const paymentUuid = sql`${payment.uuid}::uuid`;
  const expected = Object.fromEntries(
    RECEIVABLE_ACCOUNTS.map((account) => [account, Number(input.sums[account] ?? 0)]),
  );
  const legs = input.legs.map((leg) => ({ account: leg.account, amount_cents: leg.amountCents }));
  const [row] = await executeNamed<{
    is_ledger_as_read: boolean;
    payment: TPaymentJson | null;
    sums_before: TAccountSums;
    sums_after: TAccountSums;
    cash_cents: number | string;
    counted_cents: number | string;
  }>(
    tx,
    'payment_debit_post',
    sql`
    WITH before AS (
      SELECT account, cents, paid_in_cents FROM ledger_account_balances WHERE loan_uuid = ${loanUuid}
    ), as_read AS (
      SELECT NOT EXISTS (
        SELECT 1 FROM jsonb_each_text(${JSON.stringify(expected)}::jsonb) e
        WHERE e.value::bigint <> coalesce((SELECT b.cents FROM before b WHERE b.account = e.key), 0)
      ) AS ok
    ), updated AS (
      UPDATE servicing_payments
      SET transfer_id = ${input.transferId}, updated_at = ${now.toISOString()}::timestamptz
      WHERE uuid = ${paymentUuid} AND loan_uuid = ${loanUuid} AND status = 'PENDING'
        AND transfer_id IS NULL AND (SELECT ok FROM as_read)
      RETURNING *
    ), legs AS (
      INSERT INTO ledger_entries
        (journal_uuid, loan_uuid, kind, account, amount_cents, effective_on, payment_uuid)
      SELECT ${randomUUID()}::uuid, u.loan_uuid, ${input.kind}, leg.account, leg.amount_cents,
        ${isoDay(now)}::date, u.uuid
      FROM updated u
      CROSS JOIN jsonb_to_recordset(${JSON.stringify(legs)}::jsonb)
        AS leg (account text, amount_cents bigint)
      RETURNING account, kind, amount_cents
    ), after AS (
      SELECT account, cents, paid_in_cents FROM before
      UNION ALL
      SELECT account, amount_cents,
        CASE WHEN kind <> 'SURPLUS_PAYOUT' THEN amount_cents ELSE 0 END FROM legs
    )
    SELECT (SELECT ok FROM as_read) AS is_ledger_as_read,
      (SELECT to_jsonb(u) FROM updated u) AS payment,
      (SELECT coalesce(jsonb_object_agg(account, cents), '{}'::jsonb) FROM before) AS sums_before,
      (SELECT coalesce(jsonb_object_agg(account, cents), '{}'::jsonb) FROM (
        SELECT account, sum(cents) AS cents FROM after GROUP BY account) x) AS sums_after,
      (SELECT coalesce(sum(paid_in_cents), 0) FROM after WHERE account = 'CASH') AS cash_cents,
      (SELECT counted_payments_cents FROM servicing_loans WHERE loan_uuid = ${loanUuid})
        + (SELECT coalesce(sum(amount_cents), 0) FROM updated) AS counted_cents`,
  );
  if (row === undefined) throw new Error('The debit posting answered no row');
  return {
    isLedgerAsRead: row.is_ledger_as_read,
    payment: row.payment,
    sumsBefore: row.sums_before,
    sumsAfter: row.sums_after,
    cashCents: Number(row.cash_cents),
    countedPaymentsCents: Number(row.counted_cents),
  };
}

/** Throws when the facts a change left break a servicing invariant (the transaction rolls back). */
function assertServicingFacts(
  loanUuid: string,
  state: TApplicationState,
  servicing: TServicingFact,
): void {
  // Only the servicing rules read these facts; the rest of TLoanFacts is not needed here.
  const facts = {
    appUuid: loanUuid,
    state,
    stage: stageOf(state),
    servicing,
  } as unknown as TLoanFacts;
  const violations = servicingViolations(facts);
  if (violations.length > 0) {
    throw new Error(`Loan ${loanUuid} servicing invariant broken: ${violations.join('; ')}`);
  }
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
  return sendDebitTo(deps, payment, await debitAccountOf(deps.db, deps.cipher, payment.loanUuid), {
    ...(afterAccepted !== undefined ? { afterAccepted } : {}),
  });
}

async function sendDebitTo(
  deps: TPaymentDeps,
  payment: TServicingPaymentRow,
  account: TDebitAccount | null,
  options: { afterAccepted?: (tx: TDb, payment: TServicingPaymentRow) => Promise<void> },
): Promise<TServicingPaymentRow> {
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
    const loan = await lockLoanForDebit(tx, payment);
    if (loan === undefined) throw loanNotFound();
    const current = loan.payment === null ? undefined : paymentRowOf(loan.payment);
    if (current === undefined || current.status !== 'PENDING' || current.transferId !== null) {
      return current ?? payment;
    }
    if (result.status === 'FAILED') {
      const [failed] = await tx
        .update(servicingPayments)
        .set({ status: 'RETURNED', failureReason: result.reason, updatedAt: now })
        .where(
          and(
            eq(servicingPayments.uuid, payment.uuid),
            eq(servicingPayments.status, 'PENDING'),
            sql`${servicingPayments.transferId} IS NULL`,
          ),
        )
        .returning();
      if (failed === undefined) return (await paymentByUuid(tx, payment.uuid)) ?? current;
      const context = await loadLoan(tx, payment.loanUuid);
      await notifyReturned(tx, deps, context, payment.amountCents, result.reason);
      await auditPayment(tx, payment.uuid, 'PENDING', 'RETURNED', result.reason, now);
      return failed;
    }
    let sums = loan.sums;
    // Twice at most: the second time the sums were read by a statement made under the lock.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const balances = balancesOfSums(sums);
      // The bank took the whole amount: what the loan no longer owes (a sale paid it down while
      // the debit was in flight) is owed back to the borrower.
      const journal = acceptedDebitJournal(balances, payment.amountCents, payment.purpose);
      assertBalancedJournal(journal);
      const posted = await postAcceptedDebit(tx, {
        payment,
        transferId: result.transferId,
        sums,
        legs: journal.legs,
        kind: journal.kind,
        now,
      });
      if (!posted.isLedgerAsRead) {
        sums = posted.sumsBefore;
        continue;
      }
      if (posted.payment === null) return (await paymentByUuid(tx, payment.uuid)) ?? current;
      const accepted = paymentRowOf(posted.payment);
      // The lower balance may end a margin call.
      if (paymentMayMoveRisk(loan)) await queueRiskPass(tx, `payment:${payment.uuid}`);
      if (options.afterAccepted !== undefined) {
        await options.afterAccepted(tx, accepted);
        await assertServicingInvariants(tx, payment.loanUuid);
      } else {
        assertServicingFacts(payment.loanUuid, loan.application_state, {
          status: loan.status,
          balances: balancesOfSums(posted.sumsAfter),
          cashCents: posted.cashCents,
          countedPaymentsCents: posted.countedPaymentsCents,
        });
      }
      return accepted;
    }
    throw new Error(`Loan ${payment.loanUuid}: the ledger moved under the loan's lock`);
  });
}

async function paymentByUuid(
  tx: TDb,
  paymentUuid: string,
): Promise<TServicingPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(servicingPayments)
    .where(eq(servicingPayments.uuid, paymentUuid));
  return row;
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
      to: borrowerEmailOf(deps.cipher, context),
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
  const { payment, isNew, account } = await createPaymentRow(deps, request);
  if (!isNew && (payment.status !== 'PENDING' || payment.transferId !== null)) return payment;
  return sendDebitTo(deps, payment, account, {
    ...(afterAccepted !== undefined ? { afterAccepted } : {}),
  });
}
