/**
 * A credit retry (spec §9: credit must stay unlocked for CREDIT_UNLOCKED_DAYS after the
 * application). A borrower whose soft credit pull found the file locked or frozen unlocks it at
 * the bureau and asks again: in one transaction, with the application locked, it moves
 * SOFT_CREDIT_LOCKED / SOFT_CREDIT_FROZEN → SOFT_CREDIT (audited) and enqueues the credit check
 * job, which pulls the file again and routes on as after the details.
 *
 * Refused (409) outside the window or from any other state: a no-match needs other details, not
 * another pull of the same SSN, and a decline is final. A repeat while the check runs (a double
 * click, a second tab) answers the application as it is and starts nothing more.
 */
import {
  CREDIT_UNLOCKED_DAYS,
  isWithinCreditRetryWindow,
  type TApplicationState,
} from '@pledge/domain';
import type { TApplication } from '@pledge/contract';
import { HttpError } from '../../http/errors.js';
import { creditCheckJob, creditRetryDedupeKey } from '../../jobs/definitions/credit-check.js';
import { enqueue } from '../../jobs/enqueue.js';
import { toApplicationView } from '../applications/application-view.js';
import { lockOwnedApplication, type TApplicationDeps } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';

export const CREDIT_RETRY_MESSAGES = {
  notRetryable:
    'Your credit check can only be run again when your credit file was locked or frozen.',
  windowClosed: `Your credit check can only be run again within ${CREDIT_UNLOCKED_DAYS} days of your application. Please start a new application.`,
} as const;

/** The credit outcomes a borrower can clear at the bureau themselves. */
export const CREDIT_RETRY_STATES: readonly TApplicationState[] = [
  'SOFT_CREDIT_LOCKED',
  'SOFT_CREDIT_FROZEN',
];

/** The check is running: a retry asked now has already been made. */
const CHECK_RUNNING_STATES: readonly TApplicationState[] = ['SOFT_CREDIT'];

export async function retryCreditCheck(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TApplication> {
  const { identityUuid, appUuid } = input;
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, identityUuid, appUuid);
    if (CHECK_RUNNING_STATES.includes(application.state)) return application;
    if (!CREDIT_RETRY_STATES.includes(application.state)) {
      throw new HttpError(409, 'CREDIT_RETRY_NOT_ALLOWED', CREDIT_RETRY_MESSAGES.notRetryable);
    }
    const withinCreditRetryWindow =
      application.detailsSubmittedAt !== null &&
      isWithinCreditRetryWindow({ detailsSubmittedAt: application.detailsSubmittedAt, now });
    if (!withinCreditRetryWindow) {
      throw new HttpError(409, 'CREDIT_RETRY_WINDOW_CLOSED', CREDIT_RETRY_MESSAGES.windowClosed);
    }
    const { application: retried } = await applyTransition(tx, {
      appUuid,
      event: 'CREDIT_RETRY',
      actor: actors.borrower(identityUuid),
      reason: 'credit retry: the borrower unlocked or unfroze their credit',
      context: { withinCreditRetryWindow },
      at: now,
    });
    await enqueue(
      tx,
      creditCheckJob,
      { appUuid },
      { dedupeKey: creditRetryDedupeKey(appUuid, retried.version) },
    );
    return retried;
  });
  return toApplicationView(deps.db, row, now);
}
