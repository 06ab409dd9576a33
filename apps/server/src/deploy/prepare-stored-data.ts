/**
 * Boot steps on stored data, after the migrations and before anything reads personal data:
 * 1. the encryption keys are checked against the database's check value (a wrong key stops the
 *    boot with a message, security/keys/key-check.ts);
 * 2. files an older version kept on this machine's disk move to the shared store;
 * 3. while ENCRYPTION_KEYS lists old keys, the re-encrypt job is enqueued (once per newest key);
 *    a next key (ENCRYPTION_NEXT_KEY, the first phase of a rotation) is only logged;
 * 4. addresses written in clear by the previous release (identities', tape loans', the outbox's)
 *    are sealed, and agent rows it inserted get their address's digest (the expand phase of
 *    sealing addresses; services/identity/identity-email.ts, deploy/seal-addresses.ts);
 * 5. loans funded before servicing existed (COMPLETE without a servicing loan) are opened as of
 *    their funding, and the servicing sweep accrues their interest since (open-funded-loans.ts).
 */
import type { TConfig } from '../config.js';
import type { TDb } from '../db/pool.js';
import type { TStoragePort } from '../adapters/storage/port.js';
import { moveLocalFiles } from '../adapters/storage/move-local-files.js';
import { reencryptDedupeKey, reencryptJob } from '../jobs/definitions/reencrypt.js';
import { enqueue } from '../jobs/enqueue.js';
import { openFundedLoans } from './open-funded-loans.js';
import type { TFieldCipher } from '../security/field-encryption.js';
import { verifyEncryptionKeys } from '../security/keys/key-check.js';
import { digestAgentEmails } from '../services/identity/agents.js';
import { sealStoredAddresses } from './seal-addresses.js';
import { sealUnsealedEmails } from '../services/identity/identity-email.js';
import type { TLog } from '../logger.js';

export interface TPreparedData {
  cipher: TFieldCipher;
}

export async function prepareStoredData(deps: {
  config: Pick<TConfig, 'encryptionKeys' | 'localFilesDir'> &
    Partial<Pick<TConfig, 'encryptionNextKey'>>;
  db: TDb;
  storage: TStoragePort;
  log: TLog;
}): Promise<TPreparedData> {
  const nextKey = deps.config.encryptionNextKey;
  const { cipher, created } = await verifyEncryptionKeys(deps.db, deps.config.encryptionKeys, {
    nextKeys: nextKey === undefined ? [] : [nextKey],
  });
  if (created) deps.log.info({ keyId: cipher.keyId }, 'encryption key check value written');
  if (cipher.nextKeyIds.length > 0) {
    deps.log.info(
      { keyId: cipher.keyId, nextKeyIds: cipher.nextKeyIds },
      'encryption key rotation, first phase: the next key opens values; none is sealed with it until ENCRYPTION_KEYS lists it first',
    );
  }
  await moveLocalFiles({ dir: deps.config.localFilesDir, to: deps.storage, log: deps.log });
  if (deps.config.encryptionKeys.length > 1) {
    const { isNew } = await enqueue(
      deps.db,
      reencryptJob,
      { keyId: cipher.keyId },
      { dedupeKey: reencryptDedupeKey(cipher.keyId) },
    );
    if (isNew) {
      deps.log.info(
        { keyId: cipher.keyId, keyIds: cipher.keyIds },
        'encryption key rotation: re-encryption to the newest key enqueued',
      );
    }
  }
  const sealedEmails = await sealUnsealedEmails(deps.db, cipher);
  if (sealedEmails > 0) deps.log.info({ sealedEmails }, 'identity addresses sealed');
  const digestedAgents = await digestAgentEmails(deps.db, cipher);
  if (digestedAgents > 0) deps.log.info({ digestedAgents }, 'agent addresses digested');
  const sealedAddresses = await sealStoredAddresses(deps.db, cipher);
  if (Object.values(sealedAddresses).some((count) => count > 0)) {
    deps.log.info({ sealedAddresses }, 'addresses written in clear sealed');
  }
  await openFundedLoans(deps);
  return { cipher };
}
