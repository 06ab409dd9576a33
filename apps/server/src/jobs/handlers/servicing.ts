import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TBankPaymentsPort } from '../../adapters/bank-payments/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { deliverStatement } from '../../services/servicing/deliver-statement.js';
import { runServicingSweep } from '../../services/servicing/run-servicing-sweep.js';
import { settlePendingPayments } from '../../services/servicing/settle-payments.js';
import { servicingAchSettlementJob, servicingSweepJob } from '../definitions/servicing-sweep.js';
import { statementDeliveryJob } from '../definitions/statement-delivery.js';
import { registerJob } from '../job-definition.js';
import type { TLog } from '../../logger.js';

export interface TServicingJobDeps {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  prices: TPricesPort;
  bankPayments: TBankPaymentsPort;
  clock: () => Date;
  sandbox: boolean;
  log?: TLog;
}

export function servicingJobHandlers(deps: TServicingJobDeps) {
  return [
    registerJob(servicingSweepJob, async (_payload, job) => {
      await runServicingSweep(deps, { followUpKey: `servicing-sweep:after:${job.jobId}` });
      await settlePendingPayments(deps);
    }),
    registerJob(servicingAchSettlementJob, async () => {
      await settlePendingPayments(deps);
    }),
    registerJob(statementDeliveryJob, async ({ statementUuid }) => {
      await deliverStatement(deps, statementUuid);
    }),
  ];
}
