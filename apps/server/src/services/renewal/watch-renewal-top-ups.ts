/**
 * The chain watcher for renewals with a top-up: the coins are sent to the loan's own deposit
 * address, so each poll watches that address as for a new loan (recording the movements on the
 * loan) and then completes the renewal once the confirmed coins cover it (or ends it, once the loan
 * matured). Renewals still before their collateral step end too once their loan matured: no
 * renewal is left open past the date it could complete by.
 */
import { RENEWAL_MESSAGES, renewalWindowPosition } from '@pledge/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications } from '../../db/schema/index.js';
import {
  watchApplicationDeposits,
  WATCH_DEPOSITS_ACTOR,
  type TWatchDepositsDeps,
} from '../collateral/watch-deposits.js';
import { completeWaitingRenewalOf } from './complete-renewal.js';
import { fundedLoanOf, lockRenewedLoan } from './renewal-record.js';
import { endRenewal } from './reprice-renewal.js';
import { lockApplicationById } from '../applications/application-record.js';

/** Renewals opened, accepted or being signed: they end once their loan matured. */
const BEFORE_COLLATERAL_STATES = [
  'CREATED',
  'OFFER_ACCEPTED',
  'GEN_APP_DISCLOSURES',
  'SIGN_DOCS',
] as const;

/**
 * Ends each renewal not yet waiting for collateral whose loan has matured (RENEWAL_ENDED, with the
 * rule's message), each in its own transaction with the renewal locked before its loan. Answers
 * the renewals ended.
 */
export async function endMaturedRenewals(deps: {
  db: TDb;
  clock: () => Date;
}): Promise<{ ended: string[]; failed: { appUuid: string; error: unknown }[] }> {
  const open = await deps.db
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(
      and(
        eq(applications.isRollForward, true),
        inArray(applications.state, [...BEFORE_COLLATERAL_STATES]),
        isNotNull(applications.renewsApplicationUuid),
      ),
    );
  const ended: string[] = [];
  const failed: { appUuid: string; error: unknown }[] = [];
  for (const { uuid } of open) {
    try {
      const didEnd = await deps.db.transaction(async (tx) => {
        const renewal = await lockApplicationById(tx, uuid);
        if (
          renewal === undefined ||
          !(BEFORE_COLLATERAL_STATES as readonly string[]).includes(renewal.state)
        ) {
          return false;
        }
        const loanRow = await lockRenewedLoan(tx, renewal);
        if (loanRow.state !== 'COMPLETE') return false;
        const loan = await fundedLoanOf(tx, loanRow);
        const at = deps.clock();
        if (renewalWindowPosition(loan.maturityDate, at) !== 'AFTER') return false;
        await endRenewal(tx, {
          renewal,
          refusal: { code: 'MATURED', message: RENEWAL_MESSAGES.matured },
          at,
        });
        return true;
      });
      if (didEnd) ended.push(uuid);
    } catch (error) {
      failed.push({ appUuid: uuid, error });
    }
  }
  return { ended, failed };
}

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
  const { failed } = await endMaturedRenewals(deps);
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
