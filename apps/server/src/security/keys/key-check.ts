/**
 * The boot's check of the encryption keys. The first boot writes a check value (a known text
 * sealed with the newest key, its key id beside it) and the blind index key, sealed the same way;
 * every later boot must open them with one of the configured keys, or it stops with a message that
 * names the key ids (never a key). So a wrong ENCRYPTION_KEY no longer boots "healthy" and then
 * fails every read of personal data with 500.
 *
 * The blind index key is the one digests were always made with (derived from the oldest key at the
 * first boot of this check): kept here, it survives key rotation.
 */
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { encryptionKeyCheck } from '../../db/schema/index.js';
import {
  createFieldCipher,
  DecryptionError,
  deriveBlindIndexKey,
  type TFieldCipher,
} from '../field-encryption.js';
import { SEALED_COLUMNS } from './sealed-columns.js';

const CHECK_TEXT = 'pledge encryption key check';
export const CHECK_CONTEXT = 'encryption_key_check.check';
export const INDEX_KEY_CONTEXT = 'encryption_key_check.index_key';

export class EncryptionKeyMismatchError extends Error {
  override name = 'EncryptionKeyMismatchError';
}

function mismatch(storedKeyId: string | null, ring: TFieldCipher): EncryptionKeyMismatchError {
  const stored = storedKeyId === null ? '' : ` (it was sealed with key id ${storedKeyId})`;
  return new EncryptionKeyMismatchError(
    `ENCRYPTION_KEY does not open the data of this database${stored}; configured key id(s): ` +
      `${ring.keyIds.join(', ')}. Set the key the data was written with, or, while rotating, list ` +
      'it after the new key in ENCRYPTION_KEYS (or give the new key as ENCRYPTION_NEXT_KEY while ' +
      'instances still seal with the old one).',
  );
}

/**
 * Before the check existed, data was sealed without it: the first boot opens one sealed value (if
 * any) before it writes a check value, so that a wrong key is not written down as the right one.
 */
async function probeExistingData(db: TDb, ring: TFieldCipher): Promise<void> {
  for (const entry of SEALED_COLUMNS) {
    const columns = [entry.column, ...entry.contextColumns]
      .map((name) => `"${name}"::text AS "${name}"`)
      .join(', ');
    const result = await db.execute<Record<string, string>>(
      sql.raw(
        `SELECT ${columns} FROM "${entry.table}" WHERE "${entry.column}" IS NOT NULL LIMIT 1`,
      ),
    );
    const row = result.rows[0];
    if (row === undefined) continue;
    try {
      ring.decryptText(row[entry.column] ?? '', entry.context(row));
      return;
    } catch (error) {
      if (error instanceof DecryptionError) throw mismatch(null, ring);
      throw error;
    }
  }
}

export interface TVerifiedKeys {
  /** The cipher to use everywhere: the key ring and the stored blind index key. */
  cipher: TFieldCipher;
  indexKey: Buffer;
  /** Whether this boot wrote the check value (a first boot). */
  created: boolean;
}

/** Checks the configured keys against the database (run after migrations, before serving). */
export async function verifyEncryptionKeys(
  db: TDb,
  keys: readonly Buffer[],
  options: { nextKeys?: readonly Buffer[] } = {},
): Promise<TVerifiedKeys> {
  const nextKeys = options.nextKeys ?? [];
  const ring = createFieldCipher(keys, { nextKeys });
  let [row] = await db.select().from(encryptionKeyCheck).where(eq(encryptionKeyCheck.id, 1));
  let created = false;
  if (row === undefined) {
    await probeExistingData(db, ring);
    const oldest = keys[keys.length - 1] as Buffer;
    const inserted = await db
      .insert(encryptionKeyCheck)
      .values({
        id: 1,
        keyId: ring.keyId,
        checkSealed: ring.encryptText(CHECK_TEXT, CHECK_CONTEXT),
        indexKeySealed: ring.encryptText(
          deriveBlindIndexKey(oldest).toString('base64'),
          INDEX_KEY_CONTEXT,
        ),
      })
      // Instances booting together: the first row wins, the others check against it.
      .onConflictDoNothing()
      .returning();
    created = inserted.length > 0;
    [row] = await db.select().from(encryptionKeyCheck).where(eq(encryptionKeyCheck.id, 1));
    if (row === undefined) throw new Error('The encryption key check was not written');
  }
  let indexKey: Buffer;
  try {
    if (ring.decryptText(row.checkSealed, CHECK_CONTEXT) !== CHECK_TEXT) {
      throw new DecryptionError();
    }
    indexKey = Buffer.from(ring.decryptText(row.indexKeySealed, INDEX_KEY_CONTEXT), 'base64');
  } catch (error) {
    if (error instanceof DecryptionError) throw mismatch(row.keyId, ring);
    throw error;
  }
  return { cipher: createFieldCipher(keys, { indexKey, nextKeys }), indexKey, created };
}
