/** Every job kind this server runs, with what its handler needs. */
import type { TAdapters } from '../adapters/index.js';
import type { TDb } from '../db/pool.js';
import type { TFieldCipher } from '../security/field-encryption.js';
import type { TClock } from '../security/jwt.js';
import { creditCheckHandler } from './handlers/credit-check.js';
import { waitlistConfirmationHandler } from './handlers/waitlist-confirmation.js';
import { createEncryptedStore } from '../adapters/storage/encrypted.js';
import { generateDisclosuresHandler } from './handlers/generate-disclosures.js';
import { identityAutoReviewHandler } from './handlers/identity-auto-review.js';
import { cancelUnfundedHandler } from './handlers/cancel-unfunded.js';
import { watchDepositsHandler } from './handlers/watch-deposits.js';
import { pruneFinishedJobsHandler } from './handlers/prune-finished-jobs.js';
import type { TJobRetention } from './prune-finished-jobs.js';
import type { TJobRegistration } from './job-definition.js';

export interface TJobDeps {
  db: TDb;
  cipher: TFieldCipher;
  adapters: Pick<TAdapters, 'creditBureau' | 'email' | 'storage' | 'chain'>;
  clock?: TClock;
  sandbox: boolean;
  log?: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  /** How long finished jobs are kept (JOB_RETENTION_DAYS, JOB_FAILED_RETENTION_DAYS). */
  jobRetention?: TJobRetention;
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
    generateDisclosuresHandler({
      db: deps.db,
      cipher: deps.cipher,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      clock,
      sandbox: deps.sandbox,
    }),
    identityAutoReviewHandler({ db: deps.db, clock }),
    watchDepositsHandler({
      db: deps.db,
      chain: deps.adapters.chain,
      clock,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    cancelUnfundedHandler({ db: deps.db, chain: deps.adapters.chain, clock }),
    pruneFinishedJobsHandler({
      db: deps.db,
      clock,
      ...(deps.jobRetention !== undefined ? { retention: deps.jobRetention } : {}),
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
  ];
}
