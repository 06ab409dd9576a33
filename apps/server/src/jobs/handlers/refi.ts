import type { TChainPort } from '../../adapters/chain/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { TClock } from '../../security/jwt.js';
import {
  cancelExpiredRefis,
  completeRefi,
  completeWaitingRefis,
} from '../../services/refi/complete-refi.js';
import { sweepRefiTopUps } from '../../services/refi/refi-top-up.js';
import { refiCompleteJob, refiSweepJob } from '../definitions/refi-complete.js';
import { registerJob } from '../job-definition.js';
import { failureCause } from '../../failure-cause.js';

export interface TRefiJobDeps {
  db: TDb;
  clock: TClock;
  chain: TChainPort;
  store: TEncryptedStore;
  sandbox: boolean;
  log?: { warn(object: object, message: string): void };
}

export function refiCompleteHandler(deps: TRefiJobDeps) {
  return registerJob(refiCompleteJob, async (payload) => {
    await completeRefi(deps, payload.appUuid);
  });
}

export function refiSweepHandler(deps: TRefiJobDeps) {
  return registerJob(refiSweepJob, async () => {
    const topUps = await sweepRefiTopUps(deps);
    await cancelExpiredRefis(deps);
    await completeWaitingRefis(deps);
    for (const { appUuid, error } of topUps.failed) {
      deps.log?.warn(
        { appUuid, failure: failureCause(error) },
        'refinancing top-up watch failed; the next sweep retries',
      );
    }
  });
}
