import type { TChainPort } from '../../adapters/chain/port.js';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';

/** What the refinancing use cases need. */
export interface TRefiDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
  prices: TPricesPort;
  chain: TChainPort;
  store: TEncryptedStore;
  sandbox: boolean;
}
