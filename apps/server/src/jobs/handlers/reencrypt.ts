import type { TStoragePort } from '../../adapters/storage/port.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { reencryptAll } from '../../security/keys/reencrypt.js';
import { reencryptJob } from '../definitions/reencrypt.js';
import { registerJob } from '../job-definition.js';
import type { TLog } from '../../logger.js';

export function reencryptHandler(deps: {
  db: TDb;
  cipher: TFieldCipher;
  storage: TStoragePort;
  log?: TLog;
}) {
  return registerJob(reencryptJob, async (payload) => {
    // The key the job was enqueued for: this instance's sealing key, or its next key when it still
    // runs the first phase of the rotation (it reads that key already, and so do all instances).
    const cipher =
      payload.keyId === deps.cipher.keyId || deps.cipher.nextKeyIds.includes(payload.keyId)
        ? deps.cipher.sealingWith(payload.keyId)
        : null;
    if (cipher === null) {
      // A key older than this instance's newest: the newer key's job does the work.
      if (deps.cipher.keyIds.includes(payload.keyId)) {
        deps.log?.info(
          { keyId: payload.keyId },
          'encryption key rotation skipped: not the newest key',
        );
        return;
      }
      // A key this instance cannot read: failing leaves the job to a retry, on an instance that has
      // it, instead of finishing it with nothing done.
      throw new Error(
        `encryption key rotation to key id ${payload.keyId} cannot run on this instance, which ` +
          `does not have that key (key ids ${deps.cipher.keyIds.join(', ')}): give every instance ` +
          'the new key as ENCRYPTION_NEXT_KEY before any seals with it',
      );
    }
    const result = await reencryptAll({ ...deps, cipher });
    if (!result.filesWalked) {
      deps.log?.warn(
        { storage: deps.storage.name },
        'stored files could not be listed for re-encryption',
      );
    }
    deps.log?.info(
      { keyId: cipher.keyId, values: result.values, files: result.files },
      'encryption key rotation done: every sealed value and file is under the newest key',
    );
  });
}
