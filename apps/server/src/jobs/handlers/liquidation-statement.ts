import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { deliverLiquidationStatement } from '../../services/risk/liquidation-statement.js';
import { liquidationStatementJob } from '../definitions/liquidation-statement.js';
import { registerJob } from '../job-definition.js';

export function liquidationStatementHandler(deps: {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  sandbox: boolean;
  clock: () => Date;
}) {
  return registerJob(liquidationStatementJob, (payload) =>
    deliverLiquidationStatement(deps, payload),
  );
}
