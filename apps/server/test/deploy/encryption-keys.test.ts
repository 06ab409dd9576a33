import { randomBytes, randomUUID } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createEncryptedStore } from '../../src/adapters/storage/encrypted.js';
import { newStorageKey } from '../../src/adapters/storage/port.js';
import { createPostgresStorage } from '../../src/adapters/storage/postgres.js';
import * as schema from '../../src/db/schema/index.js';
import { encryptionKeyCheck, profiles, waitlist } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import {
  EncryptionKeyMismatchError,
  verifyEncryptionKeys,
} from '../../src/security/keys/key-check.js';
import { reencryptAll } from '../../src/security/keys/reencrypt.js';
import { KEY_CHECK_COLUMNS, SEALED_COLUMNS } from '../../src/security/keys/sealed-columns.js';
import {
  openWaitlistEmail,
  sealWaitlistEmail,
} from '../../src/services/waitlist/waitlist-record.js';
import {
  profileDetailsContext,
  profileSsnContext,
} from '../../src/services/profile/sealed-profile.js';
import { useTestDatabase } from '../helpers/db.js';

describe('the boot check of the encryption key', () => {
  const database = useTestDatabase({ each: true });

  it('writes a check value on the first boot and refuses another key after it', async () => {
    const key = randomBytes(32);
    const first = await verifyEncryptionKeys(database.db, [key]);
    expect(first.created).toBe(true);
    const [row] = await database.db.select().from(encryptionKeyCheck);
    expect(row?.keyId).toBe(first.cipher.keyId);
    // The row holds no key: only sealed values and a one-way id.
    expect(JSON.stringify(row)).not.toContain(key.toString('base64'));

    const again = await verifyEncryptionKeys(database.db, [key]);
    expect(again.created).toBe(false);
    expect(again.indexKey.equals(first.indexKey)).toBe(true);

    const wrong = randomBytes(32);
    const attempt = verifyEncryptionKeys(database.db, [wrong]);
    await expect(attempt).rejects.toThrow(EncryptionKeyMismatchError);
    await expect(verifyEncryptionKeys(database.db, [wrong])).rejects.toThrow(
      new RegExp(
        `ENCRYPTION_KEY does not open the data of this database \\(it was sealed with key id ${first.cipher.keyId}\\)`,
      ),
    );
    await expect(verifyEncryptionKeys(database.db, [wrong])).rejects.not.toThrow(
      wrong.toString('base64'),
    );
  });

  it('refuses a wrong key on the first boot of a database that already holds sealed data', async () => {
    const key = randomBytes(32);
    const { emailSealed, emailBlindIndex } = sealWaitlistEmail(
      createFieldCipher(key),
      'someone@example.com',
      'NY',
    );
    await database.db
      .insert(waitlist)
      .values({ emailSealed, emailBlindIndex, stateCode: 'NY', organization: 'default' });
    await expect(verifyEncryptionKeys(database.db, [randomBytes(32)])).rejects.toThrow(
      EncryptionKeyMismatchError,
    );
    expect(await database.db.select().from(encryptionKeyCheck)).toEqual([]);
    expect((await verifyEncryptionKeys(database.db, [key])).created).toBe(true);
  });
});

describe('key rotation', () => {
  const database = useTestDatabase({ each: true });

  it('reads with any listed key, rewrites every value and file to the newest, keeps digests', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = (await verifyEncryptionKeys(database.db, [oldKey])).cipher;
    // Data written under the old key: a waitlist sign-up, a profile, a stored file.
    const sealed = sealWaitlistEmail(before, 'someone@example.com', 'NY');
    await database.db
      .insert(waitlist)
      .values({ ...sealed, stateCode: 'NY', organization: 'default' });
    const identityUuid = randomUUID();
    await database.db.insert(profiles).values({
      identityUuid,
      detailsSealed: before.encryptText('{"firstName":"Ada"}', profileDetailsContext(identityUuid)),
      ssnSealed: before.encryptText('123-45-6789', profileSsnContext(identityUuid)),
    });
    const storage = createPostgresStorage(database.db);
    const fileKey = newStorageKey('identity-documents');
    await createEncryptedStore(storage, before).put(fileKey, Buffer.from('PASSPORT'));

    // ENCRYPTION_KEYS=new,old: the boot passes, reads work, digests are the same.
    const ring = (await verifyEncryptionKeys(database.db, [newKey, oldKey])).cipher;
    expect(ring.blindIndex('someone@example.com', 'waitlist-email')).toBe(sealed.emailBlindIndex);
    const [row] = await database.db.select().from(waitlist);
    expect(openWaitlistEmail(ring, row?.emailSealed ?? '', 'NY')).toBe('someone@example.com');

    const result = await reencryptAll({ db: database.db, cipher: ring, storage, batchSize: 1 });
    expect(result).toEqual({ values: 4, files: 1, filesWalked: true });
    // A second run has nothing left to do.
    expect(await reencryptAll({ db: database.db, cipher: ring, storage })).toEqual({
      values: 0,
      files: 0,
      filesWalked: true,
    });

    // ENCRYPTION_KEYS=new alone: the boot passes and everything reads; the old key alone fails.
    const after = (await verifyEncryptionKeys(database.db, [newKey])).cipher;
    const [rotated] = await database.db.select().from(waitlist);
    expect(after.isSealedWithNewestKey(rotated?.emailSealed ?? '')).toBe(true);
    expect(openWaitlistEmail(after, rotated?.emailSealed ?? '', 'NY')).toBe('someone@example.com');
    expect(after.blindIndex('someone@example.com', 'waitlist-email')).toBe(sealed.emailBlindIndex);
    const [profile] = await database.db.select().from(profiles);
    expect(after.decryptText(profile?.ssnSealed ?? '', profileSsnContext(identityUuid))).toBe(
      '123-45-6789',
    );
    expect((await createEncryptedStore(storage, after).get(fileKey))?.toString()).toBe('PASSPORT');
    await expect(verifyEncryptionKeys(database.db, [oldKey])).rejects.toThrow(
      EncryptionKeyMismatchError,
    );
  });
});

describe('the list of sealed columns', () => {
  it('names every *_sealed column of the schema', () => {
    const inSchema = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns
          .filter((column) => column.name.endsWith('_sealed'))
          .map((column) => `${config.name}.${column.name}`);
      })
      .sort();
    const listed = [
      ...SEALED_COLUMNS.map((entry) => `${entry.table}.${entry.column}`),
      ...KEY_CHECK_COLUMNS.map((column) => `encryption_key_check.${column}`),
    ].sort();
    expect(inSchema).toEqual(listed);
  });
});
