/**
 * A payment's first transaction: the payment row written (unique per loan and key) with its audit
 * event, or the payment of this key found again. Two statements: one locks the loan and reads
 * what the checks need, one writes, its checks answered by the same statement.
 */
import { randomUUID } from 'node:crypto';
import {
  isoDay,
  loanPaymentReference,
  type TPaymentMethod,
  type TPaymentPurpose,
} from '@pledge/domain';
import { sql } from 'drizzle-orm';
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

function sameRequest(row: TServicingPaymentRow, request: TPaymentRequest): boolean {
  return row.amountCents === request.amountCents && row.purpose === request.purpose;
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
    const { payment, sums, inFlightCents } = await insertPayment(tx, request, now);
    if (payment === undefined) {
      // The key was taken after the locking statement read it (the payment committed while that
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
