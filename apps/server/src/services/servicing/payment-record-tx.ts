/**
 * A payment's first transaction: the payment row written (unique per loan and key) with its audit
 * event, or the payment of this key found again. One statement locks the loan, reads what the
 * checks need and writes the payment when nothing refuses it (the balance check included), its
 * checks answered by the same statement: that statement is the whole transaction, sent alone
 * (no BEGIN and COMMIT around it: two round trips fewer). A loan whose interest is due to accrue,
 * and a payoff (whose checks run once the payment is written), take a transaction instead: the
 * accrual, then the payment written in a statement of its own. A statement's reads see the
 * database as of its start, which may predate the lock it waits for: the ledger and the payments
 * in flight, which the balance check needs as they are under the lock, are read through functions
 * that take a snapshot of their own once the lock is held (migrations 0047, 0048), and a key taken
 * meanwhile is found by the insert's conflict.
 */
import { randomUUID } from 'node:crypto';
import {
  isoDay,
  loanPaymentReference,
  RECEIVABLE_ACCOUNTS,
  type TPaymentMethod,
  type TPaymentPurpose,
} from '@pledge/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TDebitAccount } from '../../adapters/bank-payments/port.js';
import { executeNamed, namedStatement, placeholder } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { accrualDueSql, accrueInterestBatch } from './accrue-interest.js';
import { debitAccountFrom, isDebitableSql } from './debit-account.js';
import { OPEN_STATUSES } from './get-servicing-loan.js';
import {
  balancesOfSums,
  existingPayment,
  inFlightPaymentsSql,
  ledgerSumsSql,
  PAYMENT_ENTITY,
  PAYMENT_MESSAGES,
  paymentRowOf,
  postingFactsSql,
  type TAccountSums,
  type TPaymentJson,
  type TPostingFacts,
} from './payment-record.js';
import {
  loadLoan,
  loanNotFound,
  type TLoanContext,
  type TServicingPaymentRow,
} from './servicing-record.js';

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

export interface TRecordedPayment {
  payment: TServicingPaymentRow;
  isNew: boolean;
  /** The account to debit, as read with the payment. */
  account: TDebitAccount | null;
  /** A new payment's: the loan's ledger sums as its write read them (under the loan's lock). */
  ledgerSums?: TAccountSums;
  /**
   * A new payment's written by the locking statement alone: what its posting checks, as that
   * statement read it under the loan's lock (payment-apply-tx.ts posts on them without a
   * transaction when the loan is still so).
   */
  postingFacts?: TPostingFacts;
}

/** A list of constants (never a request's values) as an SQL list. */
const sqlList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
const OPEN_STATUSES_SQL = sqlList(OPEN_STATUSES);
/** The accounts whose sum is the balance a payment may pay (balancesFromAccountSums' total). */
const RECEIVABLE_ACCOUNTS_SQL = sqlList(RECEIVABLE_ACCOUNTS);

function sameRequest(row: TServicingPaymentRow, request: TPaymentRequest): boolean {
  return row.amountCents === request.amountCents && row.purpose === request.purpose;
}

/** What the first transaction needs of the loan, read under its lock, and what it wrote. */
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
  /** Whether the account can be debited (isDebitableSql: debitAccountFrom answers one). */
  is_debitable: boolean;
  access_token_sealed: string | null;
  item_identity_uuid: string | null;
  /** Whether the statement tried to write the payment (nothing refused it, no accrual due). */
  is_written: boolean;
  /** Whether the balance covers the amount and the payments in flight (before any accrual due). */
  is_covered: boolean;
  payment: TPaymentJson | null;
  sums: TAccountSums;
  in_flight_cents: string;
  posting_facts: TPostingFacts;
}

/**
 * The locking statement of writePaymentLocked, its values left as placeholders: built and turned
 * into SQL text once per process (namedStatement), not on every payment.
 */
function paymentWriteLockedStatement(): SQL {
  const identityUuid = sql`${placeholder('identityUuid')}::uuid`;
  return sql`
    WITH locked AS MATERIALIZED (
      SELECT s.loan_uuid, s.status, s.identity_uuid, s.counted_payments_cents, s.risk_level,
        s.risk_notified_level, s.cure_deadline IS NOT NULL AS has_cure_deadline,
        (SELECT a.state FROM applications a WHERE a.uuid = s.loan_uuid) AS application_state,
        (${accrualDueSql(placeholder('asOf'))}) AS accrual_due,
        d.application_uuid IS NOT NULL AS has_account,
        coalesce(${isDebitableSql('d', 'b')}, false) AS is_debitable,
        d.routing_number, d.account_number_sealed, d.account_holder_name_sealed,
        d.bank_link_item_id, d.linked_account_id,
        b.access_token_sealed, b.identity_uuid AS item_identity_uuid
      FROM servicing_loans s
      LEFT JOIN disbursement_accounts d ON d.application_uuid = s.loan_uuid
      LEFT JOIN bank_link_items b ON b.id = d.bank_link_item_id
      WHERE s.loan_uuid = ${placeholder('loanUuid')}::uuid
      FOR UPDATE OF s
    ), existing AS MATERIALIZED (
      SELECT to_jsonb(p) AS payment FROM locked l
      JOIN servicing_payments p
        ON p.loan_uuid = l.loan_uuid AND p.idempotency_key = ${placeholder('idempotencyKey')}
    ), balances AS MATERIALIZED (
      SELECT b.account, b.cents, b.paid_in_cents
      FROM locked l CROSS JOIN LATERAL ledger_account_balances_now(l.loan_uuid) b
    ), in_flight AS MATERIALIZED (
      SELECT servicing_payments_in_flight_now(l.loan_uuid, ${placeholder('paymentUuid')}::uuid)
        AS cents
      FROM locked l
    ), covered AS MATERIALIZED (
      SELECT ${placeholder('amountCents')}::bigint + (SELECT cents FROM in_flight) <= (
        SELECT coalesce(sum(b.cents), 0) FROM balances b
        WHERE b.account IN ${RECEIVABLE_ACCOUNTS_SQL}) AS ok
    ), writable AS MATERIALIZED (
      SELECT l.loan_uuid FROM locked l
      WHERE NOT EXISTS (SELECT 1 FROM existing) AND NOT l.accrual_due AND l.is_debitable
        AND l.status IN ${OPEN_STATUSES_SQL}
        AND (${identityUuid} IS NULL OR l.identity_uuid = ${identityUuid})
        AND (SELECT ok FROM covered)
    ), inserted AS (
      INSERT INTO servicing_payments
        (uuid, loan_uuid, method, purpose, amount_cents, status, idempotency_key, quote_uuid,
         actor, created_at)
      SELECT ${placeholder('paymentUuid')}::uuid, w.loan_uuid, ${placeholder('method')},
        ${placeholder('purpose')}, ${placeholder('amountCents')}::bigint, 'PENDING',
        ${placeholder('idempotencyKey')}, ${placeholder('quoteUuid')}::uuid,
        ${placeholder('actor')}, ${placeholder('now')}::timestamptz
      FROM writable w
      ON CONFLICT (loan_uuid, idempotency_key) DO NOTHING
      RETURNING *
    ), ${auditedPaymentSql(placeholder('reason'))}
    SELECT l.status, l.identity_uuid, l.accrual_due, l.has_account, l.is_debitable,
      l.routing_number, l.account_number_sealed, l.account_holder_name_sealed,
      l.bank_link_item_id, l.linked_account_id, l.access_token_sealed, l.item_identity_uuid,
      (SELECT payment FROM existing) AS existing,
      EXISTS (SELECT 1 FROM writable) AS is_written,
      (SELECT ok FROM covered) AS is_covered,
      (SELECT to_jsonb(i) FROM inserted i) AS payment,
      (SELECT coalesce(jsonb_object_agg(b.account, b.cents), '{}'::jsonb) FROM balances b) AS sums,
      (SELECT cents FROM in_flight)::text AS in_flight_cents,
      ${postingFactsSql('balances', 'l')} AS posting_facts
    FROM locked l`;
}

/** The payment's audit reason: what was asked, of which loan. */
function paymentReason(request: TPaymentRequest): string {
  const { purpose, method, amountCents, loanUuid } = request;
  return `${purpose} ${method} of ${amountCents} cents on loan ${loanUuid}`;
}

/**
 * In one statement: locks the loan and reads the payment of this key, the loan's status, whether
 * interest is due to accrue (as accrueInterestBatch selects it), the account to debit, and the
 * loan's ledger sums and its payments in flight (this one left out) under the lock; writes the
 * payment (none when the key is taken) with its audit event unless the key was found, the loan is
 * not the caller's or not open, it has no account, interest is due, or the amount with the
 * payments in flight is more than the balance.
 */
async function writePaymentLocked(
  tx: TDb,
  request: TPaymentRequest,
  now: Date,
  asOf: string,
): Promise<TPaymentLoanRow | undefined> {
  const write = namedStatement<TPaymentLoanRow>(
    tx,
    'payment_write_locked',
    paymentWriteLockedStatement,
  );
  const [row] = await write({
    asOf,
    loanUuid: request.loanUuid,
    idempotencyKey: request.idempotencyKey,
    paymentUuid: randomUUID(),
    amountCents: request.amountCents,
    identityUuid: request.identityUuid ?? null,
    method: request.method,
    purpose: request.purpose,
    quoteUuid: request.quoteUuid ?? null,
    actor: request.actor,
    now: now.toISOString(),
    reason: paymentReason(request),
  });
  return row;
}

/** The audit event of the payment a statement's `inserted` wrote (none when its key was taken). */
function auditedPaymentSql(reason: unknown): SQL {
  return sql`audited AS (
      INSERT INTO audit_events (entity_type, entity_id, actor, from_state, to_state, reason, at)
      SELECT ${PAYMENT_ENTITY}, i.uuid::text, i.actor, NULL, 'PENDING', ${reason}, i.created_at
      FROM inserted i
    )`;
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
 * Writes the payment (none when the key is taken) with its audit event, and reads the loan's
 * ledger sums and its payments in flight (this one left out: the rows a statement writes are not
 * seen by its other reads), in one statement made under the loan's lock: a loan's payment after
 * the day's accrual, which the locking statement found due.
 */
async function insertPayment(
  tx: TDb,
  request: TPaymentRequest,
  now: Date,
): Promise<{
  payment: TServicingPaymentRow | undefined;
  sums: TAccountSums;
  inFlightCents: number;
}> {
  const loanUuid = sql`${request.loanUuid}::uuid`;
  const reason = paymentReason(request);
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
    ), ${auditedPaymentSql(reason)}
    SELECT (SELECT to_jsonb(i) FROM inserted i) AS payment, ${ledgerSumsSql(loanUuid)} AS sums,
      ${inFlightPaymentsSql(loanUuid)}::text AS in_flight_cents`,
  );
  if (row === undefined) throw new Error('The payment insert answered no row');
  return {
    payment: row.payment === null ? undefined : paymentRowOf(row.payment),
    sums: row.sums,
    inFlightCents: Number(row.in_flight_cents),
  };
}

/** The answer to a key already used: its payment when the request is the same, 409 otherwise. */
function replayed(
  found: TServicingPaymentRow,
  request: TPaymentRequest,
  account: TDebitAccount | null,
): TRecordedPayment {
  if (!sameRequest(found, request)) {
    throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MESSAGES.keyReused);
  }
  return { payment: found, isNew: false, account };
}

function aboveBalance(): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', PAYMENT_MESSAGES.aboveBalance, {
    amountCents: [PAYMENT_MESSAGES.aboveBalance],
  });
}

/**
 * The answer to a payment the balance does not cover: its key's payment when the key was taken
 * while the locking statement waited for the loan (that payment then counts in flight, and the
 * statement's own read of the key predates it), the refusal otherwise.
 */
async function refusedOrReplayed(
  db: TDb,
  request: TPaymentRequest,
  account: TDebitAccount | null,
): Promise<TRecordedPayment> {
  const found = await existingPayment(db, request.loanUuid, request.idempotencyKey);
  if (found !== undefined) return replayed(found, request, account);
  throw aboveBalance();
}

interface TWrittenPayment {
  payment: TServicingPaymentRow | undefined;
  sums: TAccountSums;
  inFlightCents: number;
  /** Written by the locking statement alone: what the posting checks, as it read them. */
  postingFacts?: TPostingFacts;
}

/**
 * What the locking statement's row decides: a refusal (thrown), the payment of the key found
 * (`recorded`), interest to accrue before the payment is written (`accrualDue`), or the payment
 * as the statement wrote it (`written`; no payment when its key was taken meanwhile).
 */
type TLockedOutcome =
  | { kind: 'recorded'; recorded: TRecordedPayment }
  | { kind: 'refusedOrReplayed'; account: TDebitAccount }
  | { kind: 'accrualDue'; account: TDebitAccount }
  | { kind: 'written'; account: TDebitAccount; written: TWrittenPayment };

function outcomeOf(
  cipher: TFieldCipher,
  request: TPaymentRequest,
  loan: TPaymentLoanRow | undefined,
): TLockedOutcome {
  if (loan === undefined) throw loanNotFound();
  if (request.identityUuid !== undefined && loan.identity_uuid !== request.identityUuid) {
    throw loanNotFound();
  }
  const account = debitAccountOfRow(cipher, request.loanUuid, loan);
  if ((account !== null) !== loan.is_debitable) {
    throw new Error(`Loan ${request.loanUuid}: isDebitableSql and debitAccountFrom disagree`);
  }
  if (loan.existing !== null) {
    return { kind: 'recorded', recorded: replayed(paymentRowOf(loan.existing), request, account) };
  }
  if (!OPEN_STATUSES.includes(loan.status)) {
    throw new HttpError(409, 'LOAN_NOT_OPEN', PAYMENT_MESSAGES.notOpen);
  }
  // A loan paid out in USDC has no bank account to debit.
  if (account === null) {
    throw new HttpError(
      409,
      'NO_DEBIT_ACCOUNT',
      PAYMENT_MESSAGES.noAccount(loanPaymentReference(request.loanUuid)),
    );
  }
  // The balance the statement checked is the one before the interest due: checked after it.
  if (loan.accrual_due) return { kind: 'accrualDue', account };
  if (!loan.is_covered) return { kind: 'refusedOrReplayed', account };
  if (!loan.is_written) throw new Error('The payment statement refused no check but wrote nothing');
  return {
    kind: 'written',
    account,
    written: {
      payment: loan.payment === null ? undefined : paymentRowOf(loan.payment),
      sums: loan.sums,
      inFlightCents: Number(loan.in_flight_cents),
      postingFacts: loan.posting_facts,
    },
  };
}

/**
 * The payment written, or its key's found (taken after the locking statement's reads: the payment
 * committed while that statement waited for the lock).
 */
async function writtenOrReplayed(
  db: TDb,
  request: TPaymentRequest,
  account: TDebitAccount,
  written: TWrittenPayment,
): Promise<TRecordedPayment> {
  if (written.payment !== undefined) {
    return {
      payment: written.payment,
      isNew: true,
      account,
      ledgerSums: written.sums,
      ...(written.postingFacts === undefined ? {} : { postingFacts: written.postingFacts }),
    };
  }
  const found = await existingPayment(db, request.loanUuid, request.idempotencyKey);
  if (found === undefined) throw new Error('The payment was not written');
  return replayed(found, request, account);
}

/**
 * Writes the payment (or finds the one of this key); answers it and whether it is new. The
 * locking statement alone when it can decide everything (it then commits by itself); a
 * transaction when interest is due first or the request has checks of its own to run.
 */
export async function recordPayment(
  deps: { db: TDb; cipher: TFieldCipher; clock: () => Date },
  request: TPaymentRequest,
): Promise<TRecordedPayment> {
  const now = deps.clock();
  const asOf = isoDay(now);
  if (request.onCreated === undefined) {
    const outcome = outcomeOf(
      deps.cipher,
      request,
      await writePaymentLocked(deps.db, request, now, asOf),
    );
    switch (outcome.kind) {
      case 'recorded':
        return outcome.recorded;
      case 'refusedOrReplayed':
        return refusedOrReplayed(deps.db, request, outcome.account);
      case 'written':
        return writtenOrReplayed(deps.db, request, outcome.account, outcome.written);
      case 'accrualDue':
        // Nothing was written: the transaction below locks the loan again and accrues first.
        break;
    }
  }
  return deps.db.transaction(async (tx) => {
    const outcome = outcomeOf(
      deps.cipher,
      request,
      await writePaymentLocked(tx, request, now, asOf),
    );
    if (outcome.kind === 'recorded') return outcome.recorded;
    if (outcome.kind === 'refusedOrReplayed') {
      return refusedOrReplayed(tx, request, outcome.account);
    }
    let written: TWrittenPayment;
    if (outcome.kind === 'written') {
      written = outcome.written;
    } else {
      // Interest due: accrued first, then the payment written (under the lock the first
      // statement took) and checked against the balance with the interest.
      await accrueInterestBatch(tx, { asOf, loanUuid: request.loanUuid });
      written = await insertPayment(tx, request, now);
      if (
        written.payment !== undefined &&
        request.amountCents + written.inFlightCents > balancesOfSums(written.sums).totalCents
      ) {
        // Rolls the payment and its audit event back.
        throw aboveBalance();
      }
    }
    const recorded = await writtenOrReplayed(tx, request, outcome.account, written);
    if (recorded.isNew && request.onCreated !== undefined) {
      const context = await loadLoan(tx, request.loanUuid, {
        forUpdate: true,
        ...(request.identityUuid !== undefined ? { identityUuid: request.identityUuid } : {}),
      });
      await request.onCreated(tx, context);
    }
    return recorded;
  });
}
