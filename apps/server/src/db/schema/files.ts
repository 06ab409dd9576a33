/**
 * Files every instance reaches (uploaded IDs, disclosure PDFs, statements), stored encrypted in
 * PostgreSQL by default (STORAGE_DRIVER=postgres), and the check value of the encryption keys.
 */
import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * One row per storage key (`<area>/<uuid>`). `sealed` is what the storage port was given: the
 * field cipher's ciphertext bound to the key (adapters/storage/encrypted.ts), never plaintext.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    sealed: bytea('sealed').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('stored_files_size', sql`${table.sizeBytes} = octet_length(${table.sealed})`)],
);

/**
 * Written on the first boot, checked on every boot: a known value sealed with the newest
 * encryption key (its id beside it), so that a wrong ENCRYPTION_KEY stops the boot instead of
 * failing every read later. Also keeps the blind index key, which does not change with rotation.
 */
export const encryptionKeyCheck = pgTable(
  'encryption_key_check',
  {
    id: smallint('id').primaryKey().default(1),
    /** Id (hex) of the key that sealed the values of this row. */
    keyId: text('key_id').notNull(),
    checkSealed: text('check_sealed').notNull(),
    indexKeySealed: text('index_key_sealed').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('encryption_key_check_single_row', sql`${table.id} = 1`)],
);
