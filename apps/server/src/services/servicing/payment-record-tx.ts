/**
 * A payment's first transaction: the payment row written (unique per loan and key) with its audit
 * event, or the payment of this key found again. One statement locks the loan, reads what the
 * checks need and writes the payment when nothing refuses it, its checks answered by the same
 * statement; a loan whose interest is due to accrue first writes it in a statement of its own,
 * after the accrual. A statement's reads see the database as of its start, which may predate the
 * lock it waits for: the ledger and the payments in flight, which the balance check needs as they
 * are under the lock, are read through functions that take a snapshot of their own once the lock
 * is held (migrations 0047, 0048), and a key taken meanwhile is found by the insert's conflict.
 */
import { randomUUID } from 'node:crypto';
import {
  isoDay,
  loanPaymentReference,
  type TPaymentMethod,
  type TPaymentPurpose,
} from '@pledge/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TDebitAccount } from '../../adapters/bank-payments/port.js';
import { executeNamed } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { accrualDueSql, accrueInterestBatch } from './accrue-interest.js';
import { debitAccountFrom } from './debit-account.js';
import { OPEN_STATUSES } from './get-servicing-loan.js';
import {
  balancesOfSums,
  existingPayment,
  inFlightPaymentsSql,
  ledgerSumsSql,
  PAYMENT_ENTITY,
  PAYMENT_MESSAGES,
  paymentRowOf,
  type TAccountSums,
  type TPaymentJson,
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
}

/** OPEN_STATUSES as an SQL list (constants, never a request's values). */
const OPEN_STATUSES_SQL = sql.raw(`(${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`);

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
  access_token_sealed: string | null;
  item_identity_uuid: string | null;
  /** Whether the statement tried to write the payment (nothing refused it, no accrual due). */
  is_written: boolean;
  payment: TPaymentJson | null;
  sums: TAccountSums;
  in_flight_cents: string;
}

/**
 * In one statement: locks the loan and reads the payment of this key, the loan's status, whether
 * interest is due to accrue (as accrueInterestBatch selects it) and the account to debit; writes
 * the payment (none when the key is taken) with its audit event unless the key was found, the
 * loan is not the caller's or not open, it has no account, or interest is due; and reads the
 * loan's ledger sums and its payments in flight (this one left out) under the lock.
 */
async function writePaymentLocked(
  tx: TDb,
  request: TPaymentRequest,
  now: Date,
  asOf: string,
): Promise<TPaymentLoanRow | undefined> {
  const loanUuid = sql`${request.loanUuid}::uuid`;
  const paymentUuid = randomUUID();
  const reason = `${request.purpose} ${request.method} of ${request.amountCents} cents on loan ${request.loanUuid}`;
  const [row] = await executeNamed<TPaymentLoanRow>(
    tx,
    'payment_write_locked',
    sql`
    WITH locked AS MATERIALIZED (
      SELECT s.loan_uuid, s.status, s.identity_uuid,
        (${accrualDueSql(asOf)}) AS accrual_due,
        d.application_uuid IS NOT NULL AS has_account,
        d.routing_number, d.account_number_sealed, d.account_holder_name_sealed,
        d.bank_link_item_id, d.linked_account_id,
        b.access_token_sealed, b.identity_uuid AS item_identity_uuid
      FROM servicing_loans s
      LEFT JOIN disbursement_accounts d ON d.application_uuid = s.loan_uuid
      LEFT JOIN bank_link_items b ON b.id = d.bank_link_item_id
      WHERE s.loan_uuid = ${loanUuid}
      FOR UPDATE OF s
    ), existing AS MATERIALIZED (
      SELECT to_jsonb(p) AS payment FROM locked l
      JOIN servicing_payments p
        ON p.loan_uuid = l.loan_uuid AND p.idempotency_key = ${request.idempotencyKey}
    ), writable AS MATERIALIZED (
      SELECT l.loan_uuid FROM locked l
      WHERE NOT EXISTS (SELECT 1 FROM existing) AND NOT l.accrual_due AND l.has_account
        AND l.status IN ${OPEN_STATUSES_SQL}
        AND (${request.identityUuid ?? null}::uuid IS NULL
          OR l.identity_uuid = ${request.identityUuid ?? null}::uuid)
    ), inserted AS (
      INSERT INTO servicing_payments
        (uuid, loan_uuid, method, purpose, amount_cents, status, idempotency_key, quote_uuid,
         actor, created_at)
      SELECT ${paymentUuid}::uuid, w.loan_uuid, ${request.method}, ${request.purpose},
        ${request.amountCents}::bigint, 'PENDING', ${request.idempotencyKey},
        ${request.quoteUuid ?? null}::uuid, ${request.actor}, ${now.toISOString()}::timestamptz
      FROM writable w
      ON CONFLICT (loan_uuid, idempotency_key) DO NOTHING
      RETURNING *
    ), ${auditedPaymentSql(reason)}
    SELECT l.status, l.identity_uuid, l.accrual_due, l.has_account,
      l.routing_number, l.account_number_sealed, l.account_holder_name_sealed,
      l.bank_link_item_id, l.linked_account_id, l.access_token_sealed, l.item_identity_uuid,
      (SELECT payment FROM existing) AS existing,
      EXISTS (SELECT 1 FROM writable) AS is_written,
      (SELECT to_jsonb(i) FROM inserted i) AS payment,
      (SELECT coalesce(jsonb_object_agg(b.account, b.cents), '{}'::jsonb)
        FROM ledger_account_balances_now(l.loan_uuid) b) AS sums,
      servicing_payments_in_flight_now(l.loan_uuid, ${paymentUuid}::uuid)::text AS in_flight_cents
    FROM locked l`,
  );
  return row;
}

/** The audit event of the payment a statement's `inserted` wrote (none when its key was taken). */
function auditedPaymentSql(reason: string): SQL {
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

/** Writes the payment (or finds the one of this key); answers it and whether it is new. */
export async function recordPayment(
  deps: { db: TDb; cipher: TFieldCipher; clock: () => Date },
  request: TPaymentRequest,
): Promise<TRecordedPayment> {
  const now = deps.clock();
  const asOf = isoDay(now);
  return deps.db.transaction(async (tx) => {
    const loan = await writePaymentLocked(tx, request, now, asOf);
    if (loan === undefined) throw loanNotFound();
    if (request.identityUuid !== undefined && loan.identity_uuid !== request.identityUuid) {
      throw loanNotFound();
    }
    const account = debitAccountOfRow(deps.cipher, request.loanUuid, loan);
    if (loan.existing !== null) return replayed(paymentRowOf(loan.existing), request, account);
    if (!OPEN_STATUSES.includes(loan.status)) {
      throw new HttpError(409, 'LOAN_NOT_OPEN', PAYMENT_MESSAGES.notOpen);
    }
    // A loan paid out in USDC has no bank account to debit (a payment written for an account
    // that cannot be debited is rolled back with its audit event).
    if (account === null) {
      throw new HttpError(
        409,
        'NO_DEBIT_ACCOUNT',
        PAYMENT_MESSAGES.noAccount(loanPaymentReference(request.loanUuid)),
      );
    }
    let written: {
      payment: TServicingPaymentRow | undefined;
      sums: TAccountSums;
      inFlightCents: number;
    };
    if (loan.is_written) {
      written = {
        payment: loan.payment === null ? undefined : paymentRowOf(loan.payment),
        sums: loan.sums,
        inFlightCents: Number(loan.in_flight_cents),
      };
    } else {
      // Nothing refused the payment but the interest due: accrued first, then the payment written
      // (under the lock the first statement took).
      await accrueInterestBatch(tx, { asOf, loanUuid: request.loanUuid });
      written = await insertPayment(tx, request, now);
    }
    const { payment, sums, inFlightCents } = written;
    if (payment === undefined) {
      // The key was taken after the locking statement's reads (the payment committed while that
      // statement waited for the lock).
      const found = await existingPayment(tx, request.loanUuid, request.idempotencyKey);
      if (found === undefined) throw new Error('The payment was not written');
      return replayed(found, request, account);
    }
    // A refusal below rolls the payment and its audit event back.
    if (request.amountCents + inFlightCents > balancesOfSums(sums).totalCents) {
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
    return { payment, isNew: true, account, ledgerSums: sums };
  });
}
