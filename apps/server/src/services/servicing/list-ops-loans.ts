/**
 * The console's loan list: newest first, by status or search (a loan id, or the borrower's whole
 * address, found by its keyed digest), keyset-paged.
 */
import type { TGetOpsLoansQuery, TGetOpsLoansResponse } from '@pledge/contract';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { identities } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { hasEmail, openIdentityEmail } from '../identity/identity-email.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): { createdAt: string; loanUuid: string } {
  const [createdAt, loanUuid] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    createdAt === undefined ||
    loanUuid === undefined ||
    !UUID.test(loanUuid) ||
    Number.isNaN(Date.parse(createdAt))
  ) {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Invalid cursor', { cursor: ['Invalid cursor'] });
  }
  return { createdAt, loanUuid };
}

export async function listOpsLoans(
  deps: { db: TDb; cipher: TFieldCipher },
  query: TGetOpsLoansQuery,
): Promise<TGetOpsLoansResponse> {
  const { db, cipher } = deps;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const search = query.search?.toLowerCase();
  const result = await db.execute<{
    loan_uuid: string;
    identity_uuid: string;
    email_sealed: string | null;
    email_unsealed: string | null;
    status: TGetOpsLoansResponse['items'][number]['status'];
    funded_on: string;
    maturity_date: string;
    autopay_enabled: boolean;
    created_at: string;
    total: string;
    accrued: string;
  }>(sql`
    SELECT s.loan_uuid, s.identity_uuid, i.email_sealed,
           CASE WHEN i.email_sealed IS NULL THEN i.email END AS email_unsealed, s.status, s.funded_on::text, s.maturity_date::text, s.autopay_enabled,
           to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
           b.total, b.accrued
    FROM servicing_loans s
    JOIN identities i ON i.uuid = s.identity_uuid
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.account IN
               ('PRINCIPAL','ORIGINATION_FEE','DEFERRED_INTEREST','ACCRUED_INTEREST','FEES')), 0) AS total,
             coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'ACCRUED_INTEREST'), 0) AS accrued
      FROM ledger_entries e WHERE e.loan_uuid = s.loan_uuid) b
    WHERE true
      ${query.status === undefined ? sql`` : sql`AND s.status = ${query.status}`}
      ${search === undefined ? sql`` : UUID.test(search) ? sql`AND s.loan_uuid = ${search}::uuid` : sql`AND i.uuid = (SELECT ${identities.uuid} FROM ${identities} WHERE ${hasEmail(cipher, search)})`}
      ${after === null ? sql`` : sql`AND (s.created_at, s.loan_uuid) < (${after.createdAt}::timestamptz, ${after.loanUuid}::uuid)`}
    ORDER BY s.created_at DESC, s.loan_uuid DESC
    LIMIT ${query.limit + 1}`);
  const rows = result.rows.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    items: rows.map((row) => ({
      loanUuid: row.loan_uuid,
      borrowerEmail: openIdentityEmail(cipher, row.identity_uuid, {
        emailSealed: row.email_sealed,
        emailUnsealed: row.email_unsealed,
      }),
      status: row.status,
      fundedOn: row.funded_on,
      maturityDate: row.maturity_date,
      totalBalanceCents: Number(row.total),
      accruedInterestCents: Number(row.accrued),
      autopayEnabled: row.autopay_enabled,
    })),
    nextCursor:
      result.rows.length > query.limit && last !== undefined
        ? Buffer.from(`${last.created_at}|${last.loan_uuid}`).toString('base64url')
        : null,
  };
}
