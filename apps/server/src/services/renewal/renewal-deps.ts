import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TApplicationDeps } from '../applications/application-record.js';

/** What the renewal use cases need: the database, the time and today's prices. */
export interface TRenewalDeps extends TApplicationDeps {
  prices: TPricesPort;
}
