/**
 * The boot step that brings loans funded before servicing existed into servicing
 * (services/servicing/open-unserviced-loans.ts): what it opened, and what it could not, are
 * logged by loan id only (no personal data); when it opened any, the servicing sweep is enqueued
 * so their interest since funding accrues now rather than at the sweep's next hour.
 */
import type { TDb } from '../db/pool.js';
import { servicingSweepJob } from '../jobs/definitions/servicing-sweep.js';
import { enqueue } from '../jobs/enqueue.js';
import {
  openUnservicedLoans,
  type TUnservicedLoans,
} from '../services/servicing/open-unserviced-loans.js';

/** Loan ids a log line names at most; the counts say how many there were. */
const LOGGED_IDS_MAX = 100;

export async function openFundedLoans(deps: {
  db: TDb;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}): Promise<TUnservicedLoans> {
  const loans = await openUnservicedLoans(deps.db);
  if (loans.opened.length > 0) {
    await enqueue(deps.db, servicingSweepJob, {}, { dedupeKey: 'servicing-sweep:opened-loans' });
    deps.log.info(
      { openedLoans: loans.opened.length, loanUuids: loans.opened.slice(0, LOGGED_IDS_MAX) },
      'loans funded before servicing opened as of their funding; the servicing sweep accrues their interest since',
    );
  }
  if (loans.notOpened.length > 0) {
    deps.log.warn(
      { count: loans.notOpened.length, loanUuids: loans.notOpened.slice(0, LOGGED_IDS_MAX) },
      'funded loans without servicing that cannot be opened (no accepted offer); reconciliation lists them',
    );
  }
  for (const failure of loans.failed.slice(0, LOGGED_IDS_MAX)) {
    deps.log.warn(
      { loanUuid: failure.loanUuid, reason: failure.error },
      'a funded loan without servicing could not be opened; the next boot tries again, reconciliation lists it',
    );
  }
  return loans;
}
