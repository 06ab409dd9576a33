/**
 * A key rotation rolled across instances, in two phases: first every instance learns the new key
 * for reading (ENCRYPTION_NEXT_KEY), then each, as it restarts, seals with it (ENCRYPTION_KEYS =
 * new,old). Between the restarts of the second phase an instance still sealing with the old key
 * reads what one already on the new key wrote, and the other way round; the re-encryption job the
 * first restart enqueued is done by whichever instance takes it, never finished with nothing done;
 * after it, an instance on the new key alone reads everything. Without the first phase, the
 * instance on the old key alone could not read the new key's writes (what the README's old order
 * did to a rolling restart).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPostgresStorage } from '../../src/adapters/storage/postgres.js';
import { encryptionKeyCheck, profiles } from '../../src/db/schema/index.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import { reencryptDedupeKey, reencryptJob } from '../../src/jobs/definitions/reencrypt.js';
import { reencryptHandler } from '../../src/jobs/handlers/reencrypt.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import {
  createFieldCipher,
  DecryptionError,
  type TFieldCipher,
} from '../../src/security/field-encryption.js';
import { verifyEncryptionKeys } from '../../src/security/keys/key-check.js';
import {
  profileDetailsContext,
  profileSsnContext,
} from '../../src/services/profile/sealed-profile.js';
import { useTestDatabase } from '../helpers/db.js';

const database = useTestDatabase({ each: true });

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

/** An instance's boot with its keys: the cipher it serves and runs jobs with. */
async function boot(keys: Buffer[], nextKey?: Buffer): Promise<TFieldCipher> {
  return (await verifyEncryptionKeys(database.db, keys, { nextKeys: nextKey ? [nextKey] : [] }))
    .cipher;
}

/** A borrower's SSN written by an instance. */
async function writeSsn(instance: TFieldCipher, ssn: string): Promise<string> {
  const identityUuid = randomUUID();
  await database.db.insert(profiles).values({
    identityUuid,
    detailsSealed: instance.encryptText('{}', profileDetailsContext(identityUuid)),
    ssnSealed: instance.encryptText(ssn, profileSsnContext(identityUuid)),
  });
  return identityUuid;
}

async function sealedSsn(identityUuid: string): Promise<string> {
  const [row] = await database.db
    .select({ ssn: profiles.ssnSealed })
    .from(profiles)
    .where(eq(profiles.identityUuid, identityUuid));
  return row?.ssn ?? '';
}

async function readSsn(instance: TFieldCipher, identityUuid: string): Promise<string> {
  return instance.decryptText(await sealedSsn(identityUuid), profileSsnContext(identityUuid));
}

/** One worker of an instance: its cipher runs the re-encryption jobs it takes. */
function workerOf(instance: TFieldCipher, name: string) {
  const lines: string[] = [];
  const log = {
    info: (_object: object, message: string) => lines.push(message),
    warn: (_object: object, message: string) => lines.push(message),
    error: (_object: object, message: string) => lines.push(message),
    debug: () => undefined,
  };
  const worker = createJobWorker({
    db: database.db,
    registrations: [
      reencryptHandler({
        db: database.db,
        cipher: instance,
        storage: createPostgresStorage(database.db),
        log,
      }),
    ],
    workerId: name,
  });
  return { worker, lines };
}

describe('a key rotation rolled across two instances', () => {
  it('keeps every instance reading every write through both phases, and re-encrypts once', async () => {
    // Before: both instances on the old key, with data written.
    const before = await boot([oldKey]);
    const early = await writeSsn(before, '111-11-1111');

    // Phase 1, rolled: both instances still seal with the old key and read with the new one too.
    const a1 = await boot([oldKey], newKey);
    const b1 = await boot([oldKey], newKey);
    expect(a1.keyId).toBe(before.keyId);
    expect(a1.nextKeyIds).toEqual([createFieldCipher(newKey).keyId]);
    expect(b1.isSealedWithNewestKey(await sealedSsn(await writeSsn(b1, '222-22-2222')))).toBe(true);

    // Phase 2, rolling: B restarts sealing with the new key (and enqueues the re-encryption);
    // A has not restarted yet.
    const b2 = await boot([newKey, oldKey]);
    const byB = await writeSsn(b2, '333-33-3333');
    expect(await readSsn(a1, byB)).toBe('333-33-3333');
    const byA = await writeSsn(a1, '444-44-4444');
    expect(await readSsn(b2, byA)).toBe('444-44-4444');
    // What the old order did: an instance on the old key alone cannot read B's write.
    await expect(readSsn(createFieldCipher(oldKey), byB)).rejects.toThrow(DecryptionError);

    // The job B's boot enqueued is taken by A, still in phase 1: it does the work.
    await enqueue(
      database.db,
      reencryptJob,
      { keyId: b2.keyId },
      { dedupeKey: reencryptDedupeKey(b2.keyId) },
    );
    const a = workerOf(a1, 'instance-a');
    expect(await a.worker.runDue()).toBe(1);
    await a.worker.stop();
    expect(a.lines).toContain(
      'encryption key rotation done: every sealed value and file is under the newest key',
    );
    for (const identityUuid of [early, byB, byA]) {
      expect(b2.isSealedWithNewestKey(await sealedSsn(identityUuid))).toBe(true);
    }
    const [check] = await database.db.select().from(encryptionKeyCheck);
    expect(check?.keyId).toBe(b2.keyId);
    // A phase-1 instance still boots on the re-encrypted check value.
    await boot([oldKey], newKey);

    // A restarts into phase 2; then, with every value under it, the new key alone.
    await boot([newKey, oldKey]);
    const after = await boot([newKey]);
    expect(await readSsn(after, early)).toBe('111-11-1111');
    expect(await readSsn(after, byB)).toBe('333-33-3333');
    expect(await readSsn(after, byA)).toBe('444-44-4444');
  });

  it('leaves a re-encryption to a key an instance lacks for a retry, never finished with nothing done', async () => {
    const oldOnly = await boot([oldKey]);
    const newKeyId = createFieldCipher(newKey).keyId;
    const handler = reencryptHandler({
      db: database.db,
      cipher: oldOnly,
      storage: createPostgresStorage(database.db),
    });
    await expect(
      handler.handle({ keyId: newKeyId }, { jobId: '1', attempt: 1, maxAttempts: 10 }),
    ).rejects.toThrow(/ENCRYPTION_NEXT_KEY/);
    // A job of a key older than the instance's newest is still skipped: the newer key's job
    // rewrites everything.
    const newer = await boot([newKey, oldKey]);
    const skipping = reencryptHandler({
      db: database.db,
      cipher: newer,
      storage: createPostgresStorage(database.db),
    });
    await expect(
      skipping.handle({ keyId: oldOnly.keyId }, { jobId: '2', attempt: 1, maxAttempts: 10 }),
    ).resolves.toBeUndefined();
  });
});
