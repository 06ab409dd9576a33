/**
 * Boot step of the expand phase of sealing addresses at rest: seals the tape loans' and the outbox's
 * addresses that the previous release wrote in clear only (identities' are sealed by
 * services/identity/identity-email.ts). A batch per statement, walked by primary key; a row is
 * sealed only if its address is still what was read and still unsealed, so instances booting
 * together and a re-run change nothing twice. Logs counts, never an address.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import type { TFieldCipher } from '../security/field-encryption.js';
import { outboxRecipientValues } from '../services/email/outbox-recipient.js';
import { tapeEmailValues } from '../services/refi/tape-email.js';

export const SEAL_ADDRESSES_BATCH_SIZE = 500;

interface TSealedAddressColumns {
  table: string;
  key: string;
  /** How the key is compared: its SQL type. */
  keyType: 'text' | 'uuid';
  clear: string;
  sealed: string;
  digest: string;
  seal(cipher: TFieldCipher, key: string, clear: string): { sealed: string; digest: string };
}

const SEALED_ADDRESSES: readonly TSealedAddressColumns[] = [
  {
    table: 'refi_tape_loans',
    key: 'loan_id',
    keyType: 'text',
    clear: 'borrower_email',
    sealed: 'borrower_email_sealed',
    digest: 'borrower_mailbox_digest',
    seal(cipher, loanId, email) {
      const values = tapeEmailValues(cipher, loanId, email);
      return { sealed: values.borrowerEmailSealed, digest: values.borrowerMailboxDigest };
    },
  },
  {
    table: 'outbox',
    key: 'id',
    keyType: 'uuid',
    clear: 'to_address',
    sealed: 'to_address_sealed',
    digest: 'to_digest',
    seal(cipher, id, to) {
      const values = outboxRecipientValues(cipher, id, to);
      return { sealed: values.toAddressSealed, digest: values.toDigest };
    },
  },
];

async function sealTable(
  db: TDb,
  cipher: TFieldCipher,
  spec: TSealedAddressColumns,
  batchSize: number,
): Promise<number> {
  const table = sql.identifier(spec.table);
  const key = sql.identifier(spec.key);
  const clear = sql.identifier(spec.clear);
  const sealedColumn = sql.identifier(spec.sealed);
  const keyType = sql.raw(spec.keyType);
  let sealed = 0;
  let after: string | null = null;
  for (;;) {
    const rows: { key: string; clear: string }[] = (
      await db.execute<{ key: string; clear: string }>(sql`
        SELECT ${key}::text AS key, ${clear} AS clear FROM ${table}
        WHERE ${sealedColumn} IS NULL
          ${after === null ? sql`` : sql`AND ${key} > ${after}::${keyType}`}
        ORDER BY ${key} LIMIT ${batchSize}`)
    ).rows;
    const last = rows[rows.length - 1];
    if (last === undefined) return sealed;
    after = last.key;
    const values = rows.map((row) => ({
      key: row.key,
      read: row.clear,
      ...spec.seal(cipher, row.key, row.clear),
    }));
    const updated = await db.execute(sql`
      UPDATE ${table} SET ${sealedColumn} = v.sealed, ${sql.identifier(spec.digest)} = v.digest
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS v(key text, read text, sealed text, digest text)
      WHERE ${table}.${key} = v.key::${keyType} AND ${table}.${clear} = v.read
        AND ${table}.${sealedColumn} IS NULL`);
    sealed += updated.rowCount ?? 0;
    if (rows.length < batchSize) return sealed;
  }
}

/** Seals what the previous release wrote in clear; answers how many rows of each table. */
export async function sealStoredAddresses(
  db: TDb,
  cipher: TFieldCipher,
  batchSize = SEAL_ADDRESSES_BATCH_SIZE,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const spec of SEALED_ADDRESSES) {
    counts[spec.table] = await sealTable(db, cipher, spec, batchSize);
  }
  return counts;
}
