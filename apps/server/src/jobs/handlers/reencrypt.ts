import type { TStoragePort } from '../../adapters/storage/port.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { reencryptAll } from '../../security/keys/reencrypt.js';
import { reencryptJob } from '../definitions/reencrypt.js';
import { registerJob } from '../job-definition.js';

export function reencryptHandler(deps: {
  db: TDb;
  cipher: TFieldCipher;
  storage: TStoragePort;
  log?: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}) {
  return registerJob(reencryptJob, async (payload) => {
    // A job enqueued for a key that is no longer the newest: the newer key's job does the work.
    if (payload.keyId !== deps.cipher.keyId) {
      deps.log?.info(
        { keyId: payload.keyId },
        'encryption key rotation skipped: not the newest key',
      );
      return;
    }
    const result = await reencryptAll(deps);
    if (!result.filesWalked) {
      deps.log?.warn(
        { storage: deps.storage.name },
        'stored files could not be listed for re-encryption',
      );
    }
    deps.log?.info(
      { keyId: deps.cipher.keyId, values: result.values, files: result.files },
      'encryption key rotation done: every sealed value and file is under the newest key',
    );
  });
}
