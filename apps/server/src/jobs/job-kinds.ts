/**
 * Every job kind this release defines, by its name in the queue: what the console reads to say
 * what a failed job is, whether one agent may discard it (movesMoneyOrOwnership) and how many
 * attempts a retried one gets. A test checks that every registered kind is here.
 */
import { cancelUnfundedJob } from './definitions/cancel-unfunded.js';
import { completeRenewalJob } from './definitions/complete-renewal.js';
import { creditCheckJob } from './definitions/credit-check.js';
import { deliverCodeEmailJob } from './definitions/deliver-code-email.js';
import { deliverEmailJob } from './definitions/deliver-email.js';
import { dependencyProbesJob } from './definitions/dependency-probes.js';
import { generateDisclosuresJob } from './definitions/generate-disclosures.js';
import { identityAutoReviewJob } from './definitions/identity-auto-review.js';
import { liquidationStatementJob } from './definitions/liquidation-statement.js';
import { partnerOutboxDrainJob, partnerWebhookDeliverJob } from './definitions/partner-webhooks.js';
import { pruneFinishedJobsJob } from './definitions/prune-finished-jobs.js';
import { reencryptJob } from './definitions/reencrypt.js';
import { refiCompleteJob, refiSweepJob } from './definitions/refi-complete.js';
import { pricePollJob, riskPassJob } from './definitions/risk-pass.js';
import { servicingAchSettlementJob, servicingSweepJob } from './definitions/servicing-sweep.js';
import { statementDeliveryJob } from './definitions/statement-delivery.js';
import { waitlistConfirmationJob } from './definitions/waitlist-confirmation.js';
import { watchDepositsJob } from './definitions/watch-deposits.js';
import type { TJobDefinition } from './job-definition.js';

export const JOB_DEFINITIONS: readonly TJobDefinition<unknown>[] = [
  cancelUnfundedJob,
  completeRenewalJob,
  creditCheckJob,
  deliverCodeEmailJob,
  deliverEmailJob,
  dependencyProbesJob,
  generateDisclosuresJob,
  identityAutoReviewJob,
  liquidationStatementJob,
  partnerOutboxDrainJob,
  partnerWebhookDeliverJob,
  pruneFinishedJobsJob,
  reencryptJob,
  refiCompleteJob,
  refiSweepJob,
  riskPassJob,
  pricePollJob,
  servicingSweepJob,
  servicingAchSettlementJob,
  statementDeliveryJob,
  waitlistConfirmationJob,
  watchDepositsJob,
] as readonly TJobDefinition<unknown>[];

const BY_KIND: ReadonlyMap<string, TJobDefinition<unknown>> = new Map(
  JOB_DEFINITIONS.map((definition) => [definition.kind, definition]),
);

/** The definition of a kind, or undefined for a kind this release does not know. */
export function jobDefinitionOf(kind: string): TJobDefinition<unknown> | undefined {
  return BY_KIND.get(kind);
}
