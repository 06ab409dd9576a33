import type { TExchangePort } from '../../adapters/exchange/port.js';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import {
  pollMarketPrices,
  storeUnsetSandboxPrices,
} from '../../services/prices/poll-market-prices.js';
import { runRiskPass } from '../../services/risk/run-risk-pass.js';
import { pricePollJob, riskPassJob } from '../definitions/risk-pass.js';
import { registerJob } from '../job-definition.js';
import { failureCause } from '../../failure-cause.js';
import type { TLog } from '../../logger.js';

export interface TRiskPassJobDeps {
  db: TDb;
  cipher: TFieldCipher;
  prices: TPricesPort;
  exchange: TExchangePort;
  clock: () => Date;
  sandbox: boolean;
  log?: TLog;
}

export function riskPassHandlers(deps: TRiskPassJobDeps) {
  return [
    registerJob(riskPassJob, async () => {
      if (deps.sandbox) await storeUnsetSandboxPrices(deps);
      const result = await runRiskPass(deps, { now: deps.clock() });
      const { failed, ...counts } = result;
      if (counts.changed > 0) deps.log?.info(counts, 'risk pass moved loans');
      for (const { loanUuid, error } of failed) {
        deps.log?.warn(
          { loanUuid, failure: failureCause(error) },
          'risk pass could not move a loan; the next pass retries',
        );
      }
    }),
    registerJob(pricePollJob, async () => {
      // The sandbox price is stored when it is set; only market prices are polled.
      if (deps.sandbox) return;
      await pollMarketPrices(deps);
    }),
  ];
}
