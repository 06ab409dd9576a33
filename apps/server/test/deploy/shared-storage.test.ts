import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptedStore } from '../../src/adapters/storage/encrypted.js';
import { createLocalStorage } from '../../src/adapters/storage/local.js';
import { moveLocalFiles } from '../../src/adapters/storage/move-local-files.js';
import { newStorageKey } from '../../src/adapters/storage/port.js';
import { createPostgresStorage } from '../../src/adapters/storage/postgres.js';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { useTestDatabase } from '../helpers/db.js';
import { useTempDir } from '../helpers/temp-dir.js';

const cipher = createFieldCipher(randomBytes(32));
const quietLog = { info: () => undefined, warn: () => undefined };

describe('files in PostgreSQL', () => {
  const database = useTestDatabase();
  /** A second instance: its own pool on the same database. */
  let other: TDatabase;
  beforeAll(async () => {
    other = createDatabase(database.url);
  });
  afterAll(async () => {
    await other.pool.end();
  });

  it('serves on one instance what another stored, as ciphertext only', async () => {
    const storeA = createEncryptedStore(createPostgresStorage(database.db), cipher);
    const storeB = createEncryptedStore(createPostgresStorage(other.db), cipher);
    const key = newStorageKey('identity-documents');
    const secret = Buffer.from('PASSPORT NUMBER X1234567');
    await storeA.put(key, secret);
    expect(await storeB.get(key)).toEqual(secret);
    const raw = await database.pool.query<{ sealed: Buffer; size_bytes: number }>(
      'SELECT sealed, size_bytes FROM stored_files WHERE key = $1',
      [key],
    );
    expect(raw.rows[0]?.sealed.includes(secret)).toBe(false);
    expect(raw.rows[0]?.size_bytes).toBe(raw.rows[0]?.sealed.length);
    // Overwrite, then delete (twice: deleting a missing key is not an error).
    await storeB.put(key, Buffer.from('second'));
    expect((await storeA.get(key))?.toString()).toBe('second');
    await storeA.delete(key);
    await storeA.delete(key);
    expect(await storeB.get(key)).toBeNull();
  });

  it('lists keys in order, page by page', async () => {
    const storage = createPostgresStorage(database.db);
    const keys = Array.from({ length: 5 }, () => newStorageKey('statements')).sort();
    for (const key of keys) await storage.put(key, Buffer.from(key));
    const first = await storage.list(undefined, 3);
    const rest = await storage.list(first[first.length - 1], 100);
    expect([...first, ...rest].filter((key) => key.startsWith('statements/'))).toEqual(keys);
  });

  it('refuses keys it did not make', async () => {
    await expect(createPostgresStorage(database.db).get('../etc/passwd')).rejects.toThrow(
      'Invalid storage key',
    );
  });
});

describe('the move of files from the local disk', () => {
  const database = useTestDatabase();
  const filesDir = useTempDir('move-files');

  it('copies every file once and keeps it on disk, keeps what it cannot copy, and does nothing the second time', async () => {
    const dir = filesDir();
    const disk = createLocalStorage(dir);
    const target = createPostgresStorage(database.db);
    const store = createEncryptedStore(disk, cipher);
    const keys = [newStorageKey('identity-documents'), newStorageKey('disclosures')];
    for (const key of keys) await store.put(key, Buffer.from(`file ${key}`));
    // Another instance already moved one with other bytes: a conflict, left on disk.
    const conflicting = newStorageKey('disclosures');
    await disk.put(conflicting, Buffer.from('on disk'));
    await target.put(conflicting, Buffer.from('in the store'));
    // A partial write of an interrupted upload is not a file.
    mkdirSync(path.join(dir, 'disclosures'), { recursive: true });
    writeFileSync(path.join(dir, 'disclosures', 'x.partial'), 'half');

    const first = await moveLocalFiles({ dir, to: target, log: quietLog });
    expect(first).toEqual({ moved: 2, conflicts: [conflicting] });
    const shared = createEncryptedStore(target, cipher);
    for (const key of keys) expect((await shared.get(key))?.toString()).toBe(`file ${key}`);
    // The disk keeps its copies: a rollback to the release that reads the disk finds them all.
    for (const key of keys) expect((await store.get(key))?.toString()).toBe(`file ${key}`);
    expect(await disk.get(conflicting)).not.toBeNull();

    // The second time nothing copied before is read again: a file changed on disk since (which
    // no release does) is not compared, and the log is not a file of the store.
    await disk.put(keys[0] ?? '', Buffer.from('changed on disk'));
    expect(await moveLocalFiles({ dir, to: target, log: quietLog })).toEqual({
      moved: 0,
      conflicts: [conflicting],
    });
    expect(readdirSync(path.join(dir, 'identity-documents'))).toHaveLength(1);
    expect(await disk.list(undefined, 10)).toHaveLength(3);
  });

  it('does nothing when the directory does not exist', async () => {
    const missing = path.join(filesDir(), 'nothing-here');
    expect(await moveLocalFiles({ dir: missing, to: createPostgresStorage(database.db) })).toEqual({
      moved: 0,
      conflicts: [],
    });
    expect(existsSync(missing)).toBe(false);
  });
});
