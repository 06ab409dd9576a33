/**
 * Rewrites every sealed value and stored file to the newest key of the ring (after a rotation:
 * ENCRYPTION_KEYS=new,old). Values already sealed with the newest key are left alone, so a run
 * that stopped half-way continues where it was; each row is rewritten only if it still holds what
 * was read (a concurrent change wins). Walks in key order, in batches.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { encryptionKeyCheck } from '../../db/schema/index.js';
import { storageContext } from '../../adapters/storage/encrypted.js';
import type { TStoragePort } from '../../adapters/storage/port.js';
import type { TFieldCipher } from '../field-encryption.js';
import { CHECK_CONTEXT, INDEX_KEY_CONTEXT } from './key-check.js';
import { SEALED_COLUMNS, type TSealedColumn } from './sealed-columns.js';

export const REENCRYPT_BATCH_SIZE = 200;

export interface TReencryptResult {
  /** Sealed database values rewritten to the newest key. */
  values: number;
  files: number;
  /** Whether the store could be walked (a store without `list` is reported, not guessed). */
  filesWalked: boolean;
}

async function reencryptColumn(
  db: TDb,
  cipher: TFieldCipher,
  entry: TSealedColumn,
  batchSize: number,
): Promise<number> {
  const id = sql.identifier;
  const selected = [...new Set([entry.keyColumn, entry.column, ...entry.contextColumns])];
  const columns = sql.join(
    selected.map((name) => sql`${id(name)}::text AS ${id(name)}`),
    sql`, `,
  );
  let after = '';
  let rewritten = 0;
  for (;;) {
    const result = await db.execute<Record<string, string>>(sql`
      SELECT ${columns} FROM ${id(entry.table)}
      WHERE ${id(entry.column)} IS NOT NULL AND ${id(entry.keyColumn)}::text > ${after}
      ORDER BY ${id(entry.keyColumn)}::text
      LIMIT ${batchSize}`);
    for (const row of result.rows) {
      const key = row[entry.keyColumn] ?? '';
      const sealed = row[entry.column] ?? '';
      after = key;
      if (cipher.isSealedWithNewestKey(sealed)) continue;
      const context = entry.context(row);
      const resealed = cipher.encryptText(cipher.decryptText(sealed, context), context);
      const updated = await db.execute(sql`
        UPDATE ${id(entry.table)} SET ${id(entry.column)} = ${resealed}
        WHERE ${id(entry.keyColumn)}::text = ${key} AND ${id(entry.column)} = ${sealed}`);
      rewritten += updated.rowCount ?? 0;
    }
    if (result.rows.length < batchSize) return rewritten;
  }
}

async function reencryptKeyCheck(db: TDb, cipher: TFieldCipher): Promise<number> {
  const [row] = await db.select().from(encryptionKeyCheck);
  if (row === undefined || row.keyId === cipher.keyId) return 0;
  await db
    .update(encryptionKeyCheck)
    .set({
      keyId: cipher.keyId,
      checkSealed: cipher.encryptText(
        cipher.decryptText(row.checkSealed, CHECK_CONTEXT),
        CHECK_CONTEXT,
      ),
      indexKeySealed: cipher.encryptText(
        cipher.decryptText(row.indexKeySealed, INDEX_KEY_CONTEXT),
        INDEX_KEY_CONTEXT,
      ),
      updatedAt: sql`now()`,
    })
    .where(sql`${encryptionKeyCheck.keyId} = ${row.keyId}`);
  return 1;
}

async function reencryptFiles(
  storage: TStoragePort,
  cipher: TFieldCipher,
  batchSize: number,
): Promise<number> {
  if (storage.list === undefined) return 0;
  let after: string | undefined;
  let rewritten = 0;
  for (;;) {
    const keys = await storage.list(after, batchSize);
    for (const key of keys) {
      after = key;
      const sealed = await storage.get(key);
      if (sealed === null || cipher.isSealedWithNewestKey(sealed)) continue;
      const context = storageContext(key);
      await storage.put(key, cipher.encryptBytes(cipher.decryptBytes(sealed, context), context));
      rewritten += 1;
    }
    if (keys.length < batchSize) return rewritten;
  }
}

export async function reencryptAll(deps: {
  db: TDb;
  cipher: TFieldCipher;
  storage: TStoragePort;
  batchSize?: number;
}): Promise<TReencryptResult> {
  const batchSize = deps.batchSize ?? REENCRYPT_BATCH_SIZE;
  let values = 0;
  for (const entry of SEALED_COLUMNS) {
    values += await reencryptColumn(deps.db, deps.cipher, entry, batchSize);
  }
  const files = await reencryptFiles(deps.storage, deps.cipher, batchSize);
  // Last: the check value names the newest key once everything else is under it.
  values += await reencryptKeyCheck(deps.db, deps.cipher);
  return { values, files, filesWalked: deps.storage.list !== undefined };
}
