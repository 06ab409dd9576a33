/**
 * The boot step that brings loans funded before servicing existed into servicing
 * (services/servicing/open-unserviced-loans.ts): what it opened, and what it could not, are
 * logged by loan id only (no personal data); when it opened any, the servicing sweep is enqueued
 * so their interest since funding accrues now rather than at the sweep's next hour. Every sweep
 * runs the same step, for loans an instance of the release before funds during a rolling deploy.
 */
import type { TDb } from '../db/pool.js';
import { servicingSweepJob } from '../jobs/definitions/servicing-sweep.js';
import { enqueue } from '../jobs/enqueue.js';
import {
  logUnservicedLoans,
  openUnservicedLoans,
  type TUnservicedLoans,
} from '../services/servicing/open-unserviced-loans.js';
import type { TLog } from '../logger.js';

export async function openFundedLoans(deps: { db: TDb; log: TLog }): Promise<TUnservicedLoans> {
  const loans = await openUnservicedLoans(deps.db);
  if (loans.opened.length > 0) {
    await enqueue(deps.db, servicingSweepJob, {}, { dedupeKey: 'servicing-sweep:opened-loans' });
  }
  logUnservicedLoans(deps.log, loans, 'boot');
  return loans;
}
