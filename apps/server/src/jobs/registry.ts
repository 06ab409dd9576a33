/** Every job kind this server runs, with what its handler needs. */
import type { TAdapters } from '../adapters/index.js';
import type { TDb } from '../db/pool.js';
import type { TFieldCipher } from '../security/field-encryption.js';
import type { TClock } from '../security/jwt.js';
import { creditCheckHandler } from './handlers/credit-check.js';
import { waitlistConfirmationHandler } from './handlers/waitlist-confirmation.js';
import type { TJobRegistration } from './job-definition.js';

export interface TJobDeps {
  db: TDb;
  cipher: TFieldCipher;
  adapters: Pick<TAdapters, 'creditBureau' | 'email'>;
  clock?: TClock;
  sandbox: boolean;
}

export function createJobRegistrations(deps: TJobDeps): TJobRegistration<unknown>[] {
  const clock = deps.clock ?? (() => new Date());
  return [
    creditCheckHandler({
      db: deps.db,
      cipher: deps.cipher,
      creditBureau: deps.adapters.creditBureau,
      clock,
    }),
    waitlistConfirmationHandler({
      db: deps.db,
      cipher: deps.cipher,
      email: deps.adapters.email,
      sandbox: deps.sandbox,
    }),
  ];
}
