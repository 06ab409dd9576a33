/** Every job kind this server runs, with what its handler needs. */
import type { TAdapters } from '../adapters/index.js';
import type { TConfig } from '../config.js';
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
import { completeRenewalHandler } from './handlers/complete-renewal.js';
import { pruneFinishedJobsHandler } from './handlers/prune-finished-jobs.js';
import type { TJobRetention } from './prune-finished-jobs.js';
import { deliverEmailHandler } from './handlers/deliver-email.js';
import { deliverCodeEmailHandler } from './handlers/deliver-code-email.js';
import { refiCompleteHandler, refiSweepHandler } from './handlers/refi.js';
import { REFI_SWEEP_CRON, refiSweepJob } from './definitions/refi-complete.js';
import { reencryptHandler } from './handlers/reencrypt.js';
import {
  PRUNE_FINISHED_JOBS_CRON,
  pruneFinishedJobsJob,
} from './definitions/prune-finished-jobs.js';
import {
  registerSchedule,
  sandboxOnlyKindsLeftOut,
  type TJobRegistration,
  type TJobSchedule,
} from './job-definition.js';
import { createConfiguredBankPayments } from '../adapters/bank-payments/index.js';
import type { TBankPaymentsPort } from '../adapters/bank-payments/port.js';
import { servicingJobHandlers } from './handlers/servicing.js';
import { riskPassHandlers } from './handlers/risk-pass.js';
import {
  PRICE_POLL_CRON,
  pricePollJob,
  RISK_PASS_CRON,
  riskPassJob,
} from './definitions/risk-pass.js';
import { liquidationStatementHandler } from './handlers/liquidation-statement.js';
import {
  SERVICING_ACH_SETTLEMENT_CRON,
  SERVICING_SWEEP_CRON,
  servicingAchSettlementJob,
  servicingSweepJob,
} from './definitions/servicing-sweep.js';
import { dependencyProbesHandler } from './handlers/dependency-probes.js';
import { DEPENDENCY_PROBES_CRON, dependencyProbesJob } from './definitions/dependency-probes.js';
import type { TDependencyProbe } from '../services/health/dependency-probe.js';
import {
  partnerOutboxDrainHandler,
  partnerWebhookDeliverHandler,
} from './handlers/partner-webhooks.js';
import {
  PARTNER_OUTBOX_DRAIN_CRON,
  partnerOutboxDrainJob,
} from './definitions/partner-webhooks.js';
import type { TWebhookTransport } from '../adapters/webhooks/port.js';
import { postWebhookHttps } from '../adapters/webhooks/real.js';
import { resolveHost, type THostResolver } from '../security/public-url.js';
import { receiveSandboxWebhook } from '../services/sandbox/webhook-inbox.js';
import type { TLog } from '../logger.js';

export interface TJobDeps {
  db: TDb;
  cipher: TFieldCipher;
  adapters: Pick<TAdapters, 'creditBureau' | 'email' | 'storage' | 'chain' | 'prices' | 'exchange'>;
  /** ACH debits of servicing; when not given, the configured one (bankPaymentsOfJobs). */
  bankPayments?: TBankPaymentsPort;
  /** The Plaid account (config.plaid): ACH debits go through Plaid Transfer outside the sandbox. */
  plaid?: TConfig['plaid'];
  clock?: TClock;
  sandbox: boolean;
  log?: TLog;
  /** How long failed jobs are kept (JOB_FAILED_RETENTION_DAYS). */
  jobRetention?: TJobRetention;
  /** The outside dependencies probed on a schedule (services/health); none when not given. */
  dependencyProbes?: readonly TDependencyProbe[];
  /** How partner webhooks resolve and post; DNS and HTTPS when not given. */
  webhooks?: { resolve: THostResolver; transport: TWebhookTransport };
}

export function createJobRegistrations(deps: TJobDeps): TJobRegistration<unknown>[] {
  const clock = deps.clock ?? (() => new Date());
  return sandboxOnlyKindsLeftOut(allJobRegistrations(deps, clock), deps.sandbox);
}

function allJobRegistrations(deps: TJobDeps, clock: TClock): TJobRegistration<unknown>[] {
  return [
    creditCheckHandler({
      db: deps.db,
      cipher: deps.cipher,
      creditBureau: deps.adapters.creditBureau,
      clock,
    }),
    waitlistConfirmationHandler({ db: deps.db, cipher: deps.cipher, sandbox: deps.sandbox }),
    generateDisclosuresHandler({
      db: deps.db,
      cipher: deps.cipher,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      clock,
      sandbox: deps.sandbox,
    }),
    identityAutoReviewHandler({ db: deps.db, clock, sandbox: deps.sandbox }),
    watchDepositsHandler({
      db: deps.db,
      chain: deps.adapters.chain,
      clock,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    completeRenewalHandler({ db: deps.db, clock }),
    cancelUnfundedHandler({ db: deps.db, chain: deps.adapters.chain, clock }),
    deliverEmailHandler({
      db: deps.db,
      cipher: deps.cipher,
      email: deps.adapters.email,
      clock,
    }),
    deliverCodeEmailHandler({
      db: deps.db,
      cipher: deps.cipher,
      email: deps.adapters.email,
      clock,
    }),
    reencryptHandler({
      db: deps.db,
      cipher: deps.cipher,
      storage: deps.adapters.storage,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    ...servicingJobHandlers({
      db: deps.db,
      cipher: deps.cipher,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      prices: deps.adapters.prices,
      bankPayments: bankPaymentsOfJobs(deps, clock),
      clock,
      sandbox: deps.sandbox,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    refiCompleteHandler({
      db: deps.db,
      clock,
      chain: deps.adapters.chain,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      sandbox: deps.sandbox,
    }),
    refiSweepHandler({
      db: deps.db,
      clock,
      chain: deps.adapters.chain,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      sandbox: deps.sandbox,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    liquidationStatementHandler({
      db: deps.db,
      cipher: deps.cipher,
      store: createEncryptedStore(deps.adapters.storage, deps.cipher),
      sandbox: deps.sandbox,
      clock,
    }),
    ...riskPassHandlers({
      db: deps.db,
      cipher: deps.cipher,
      prices: deps.adapters.prices,
      exchange: deps.adapters.exchange,
      clock,
      sandbox: deps.sandbox,
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    pruneFinishedJobsHandler({
      db: deps.db,
      clock,
      ...(deps.jobRetention !== undefined ? { retention: deps.jobRetention } : {}),
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    dependencyProbesHandler({
      db: deps.db,
      clock,
      probes: deps.dependencyProbes ?? [],
      ...(deps.log !== undefined ? { log: deps.log } : {}),
    }),
    partnerOutboxDrainHandler({ db: deps.db, clock }),
    partnerWebhookDeliverHandler({
      db: deps.db,
      cipher: deps.cipher,
      clock,
      sandbox: deps.sandbox,
      resolve: deps.webhooks?.resolve ?? resolveHost,
      transport: deps.webhooks?.transport ?? postWebhookHttps,
      sandboxReceiver: (input) => receiveSandboxWebhook({ db: deps.db, clock }, input),
    }),
  ];
}

/** The bank-payments port the jobs debit and settle through: given, or the configured one. */
export function bankPaymentsOfJobs(deps: TJobDeps, clock: TClock): TBankPaymentsPort {
  return (
    deps.bankPayments ??
    createConfiguredBankPayments(
      { sandbox: deps.sandbox, ...(deps.plaid !== undefined ? { plaid: deps.plaid } : {}) },
      clock,
      deps.log,
    )
  );
}

/**
 * The jobs enqueued on a schedule (cron patterns in UTC), each tick once across every instance.
 * Sweeps that read "now" read the deployment's clock when they run.
 */
export function createJobSchedules(): TJobSchedule<unknown>[] {
  return [
    registerSchedule(pruneFinishedJobsJob, PRUNE_FINISHED_JOBS_CRON),
    registerSchedule(partnerOutboxDrainJob, PARTNER_OUTBOX_DRAIN_CRON),
    registerSchedule(servicingSweepJob, SERVICING_SWEEP_CRON),
    registerSchedule(servicingAchSettlementJob, SERVICING_ACH_SETTLEMENT_CRON),
    registerSchedule(refiSweepJob, REFI_SWEEP_CRON),
    registerSchedule(riskPassJob, RISK_PASS_CRON),
    registerSchedule(pricePollJob, PRICE_POLL_CRON),
    registerSchedule(dependencyProbesJob, DEPENDENCY_PROBES_CRON),
  ] as TJobSchedule<unknown>[];
}
