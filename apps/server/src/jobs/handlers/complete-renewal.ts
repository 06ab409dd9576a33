import type { TDb } from '../../db/pool.js';
import { WATCH_DEPOSITS_ACTOR } from '../../services/collateral/watch-deposits.js';
import { completeWaitingRenewalOf } from '../../services/renewal/complete-renewal.js';
import { completeRenewalJob } from '../definitions/complete-renewal.js';
import { registerJob } from '../job-definition.js';

export function completeRenewalHandler(deps: { db: TDb; clock: () => Date }) {
  // A failure throws: the queue retries it with its backoff.
  return registerJob(completeRenewalJob, (payload) =>
    completeWaitingRenewalOf(deps, payload.loanUuid, WATCH_DEPOSITS_ACTOR),
  );
}
