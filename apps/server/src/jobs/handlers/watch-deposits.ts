import {
  sweepDeposits,
  watchApplicationDeposits,
  type TWatchDepositsDeps,
} from '../../services/collateral/watch-deposits.js';
import { sweepRenewalTopUps } from '../../services/renewal/watch-renewal-top-ups.js';
import { watchDepositsJob } from '../definitions/watch-deposits.js';
import { registerJob } from '../job-definition.js';
import { failureCause } from '../../failure-cause.js';

export function watchDepositsHandler(
  deps: TWatchDepositsDeps & { log?: { warn(object: object, message: string): void } },
) {
  return registerJob(watchDepositsJob, async (payload) => {
    if (payload.appUuid !== undefined) {
      await watchApplicationDeposits(deps, payload.appUuid);
      return;
    }
    const result = await sweepDeposits(deps);
    const renewals = await sweepRenewalTopUps(deps);
    for (const { appUuid, error } of [...result.failed, ...renewals.failed]) {
      deps.log?.warn(
        { appUuid, failure: failureCause(error) },
        'deposit watch failed; the next sweep retries',
      );
    }
  });
}
