/**
 * Storage in PostgreSQL (the default): one `stored_files` row per key, so that every instance
 * reads what another wrote, and a database backup holds the files with the data that names them.
 * Objects are the sealed bytes callers give (storage/encrypted.ts); nothing here is plaintext.
 */
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { storedFiles } from '../../db/schema/index.js';
import { assertStorageKey, type TListableStorage } from './port.js';

export function createPostgresStorage(db: TDb): TListableStorage {
  return {
    name: 'postgres',
    async put(key, bytes) {
      assertStorageKey(key);
      const sealed = Buffer.from(bytes);
      await db
        .insert(storedFiles)
        .values({ key, sealed, sizeBytes: sealed.length })
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { sealed, sizeBytes: sealed.length, updatedAt: sql`now()` },
        });
    },
    async get(key) {
      assertStorageKey(key);
      const [row] = await db
        .select({ sealed: storedFiles.sealed })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row === undefined ? null : Buffer.from(row.sealed);
    },
    async delete(key) {
      assertStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async list(after, limit) {
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(after === undefined ? undefined : gt(storedFiles.key, after))
        .orderBy(asc(storedFiles.key))
        .limit(limit);
      return rows.map((row) => row.key);
    },
  };
}
