/**
 * The chain watcher for renewals with a top-up: the coins are sent to the loan's own deposit
 * address, so each poll watches that address as for a new loan (recording the movements on the
 * loan) and then completes the renewal once the confirmed coins cover it.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { applications } from '../../db/schema/index.js';
import {
  watchApplicationDeposits,
  WATCH_DEPOSITS_ACTOR,
  type TWatchDepositsDeps,
} from '../collateral/watch-deposits.js';
import { completeWaitingRenewalOf } from './complete-renewal.js';

/** One poll of the loan of every renewal waiting for its top-up. */
export async function sweepRenewalTopUps(
  deps: TWatchDepositsDeps,
): Promise<{ watched: number; failed: { appUuid: string; error: unknown }[] }> {
  const waiting = await deps.db
    .select({ uuid: applications.uuid, loanUuid: applications.renewsApplicationUuid })
    .from(applications)
    .where(
      and(
        eq(applications.state, 'WAITING_FOR_COLLATERAL'),
        eq(applications.isRollForward, true),
        isNotNull(applications.renewsApplicationUuid),
      ),
    );
  const failed: { appUuid: string; error: unknown }[] = [];
  for (const renewal of waiting) {
    if (renewal.loanUuid === null) continue;
    try {
      await watchApplicationDeposits(deps, renewal.loanUuid);
      await completeWaitingRenewalOf(deps, renewal.loanUuid, WATCH_DEPOSITS_ACTOR);
    } catch (error) {
      failed.push({ appUuid: renewal.uuid, error });
    }
  }
  return { watched: waiting.length, failed };
}
