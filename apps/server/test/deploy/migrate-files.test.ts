/**
 * `npm run migrate-files` as an operator runs it on the machine that has the disk: with the
 * database, the data-at-rest key and the storage settings only, none of the rest of a production
 * environment (sign-in key, mail, bank, chain, brands).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEncryptedStore } from '../../src/adapters/storage/encrypted.js';
import { createLocalStorage } from '../../src/adapters/storage/local.js';
import { newStorageKey } from '../../src/adapters/storage/port.js';
import { createPostgresStorage } from '../../src/adapters/storage/postgres.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { useTestDatabase } from '../helpers/db.js';
import { runServerEntry } from '../helpers/server-entry.js';
import { useTempDir } from '../helpers/temp-dir.js';

const KEY = randomBytes(32);

/** `npm run migrate-files` with only what an operator would set. */
function migrateFiles(env: Record<string, string>) {
  return runServerEntry('src/deploy/migrate-files.ts', env, { timeoutMs: 120_000 });
}

describe('npm run migrate-files', { timeout: 180_000 }, () => {
  const database = useTestDatabase();
  const filesDir = useTempDir('migrate-files');

  it('copies the files of the disk into the store with the database, key and storage settings alone', async () => {
    const dir = filesDir();
    const cipher = createFieldCipher(KEY);
    const key = newStorageKey('identity-documents');
    await createEncryptedStore(createLocalStorage(dir), cipher).put(key, Buffer.from('ID scan'));

    const result = await migrateFiles({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      ENCRYPTION_KEY: KEY.toString('base64'),
      STORAGE_DIR: dir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('file migration finished');
    const stored = createEncryptedStore(createPostgresStorage(database.db), cipher);
    expect((await stored.get(key))?.toString()).toBe('ID scan');
  });

  it('stops before touching anything, listing every problem of what it reads', async () => {
    const result = await migrateFiles({ NODE_ENV: 'production', STORAGE_DRIVER: 's3' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration (5 problems):',
      '  DATABASE_URL is required when NODE_ENV=production (the embedded PostgreSQL is for development only)',
      '  ENCRYPTION_KEY is required when SANDBOX is off (or ENCRYPTION_KEYS while rotating)',
      '  S3_BUCKET is required when STORAGE_DRIVER=s3',
      '  S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
      '  S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    ]);
  });
});
