/**
 * Completion of a signed refinancing, in one transaction with its audit events: the application
 * becomes the active loan (REFI_COMPLETED → COMPLETE; loanStatus shows it with loanType REFINANCE),
 * its legacy loans are marked REFINANCED on the tape (a sandbox seed row stays OPEN for every other
 * demo borrower; the application records what it refinanced), and the legacy principal owed to the
 * old lender's estate is recorded for agents (once: unique per application).
 */
import { and, eq, inArray, lt, isNotNull, notInArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  refiApplications,
  refiEstatePayoffs,
  refiTapeLoans,
} from '../../db/schema/index.js';
import { isDomainError, isRefiExpired, REFI_COMPLETION_CALENDAR_DAYS } from '@pledge/domain';
import type { TClock } from '../../security/jwt.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { noteRefiCoinsToReturn } from './refi-coin-return-record.js';
import { loanIdsByApplication } from './refi-record.js';
import { lockApplicationById } from '../applications/application-record.js';

export const REFI_ACTOR = actors.system('refi');
export const REFI_ESTATE_ENTITY = 'refi_estate_payoff';

export async function completeRefi(
  deps: { db: TDb; clock: TClock },
  appUuid: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const application = await lockApplicationById(tx, appUuid);
    if (application?.isCelsiusRefi !== true || application.state !== 'WAITING_FOR_COLLATERAL') {
      return false;
    }
    const [refi] = await tx
      .select()
      .from(refiApplications)
      .where(eq(refiApplications.applicationUuid, appUuid));
    if (refi === undefined) return false;
    const now = deps.clock();
    const loanIds = (await loanIdsByApplication(tx, [appUuid])).get(appUuid) ?? [];
    await applyTransition(tx, {
      appUuid,
      event: 'REFI_COMPLETED',
      actor: REFI_ACTOR,
      reason: `refinancing complete: legacy loans ${loanIds.join(', ')} paid off to the estate`,
      context: { isCelsiusRefi: true },
      at: now,
    });
    await tx
      .update(refiApplications)
      .set({ completedAt: now })
      .where(eq(refiApplications.applicationUuid, appUuid));
    if (loanIds.length > 0) {
      await tx
        .update(refiTapeLoans)
        .set({ status: 'REFINANCED', updatedAt: now })
        .where(and(inArray(refiTapeLoans.loanId, loanIds), eq(refiTapeLoans.source, 'IMPORT')));
    }
    const [payoff] = await tx
      .insert(refiEstatePayoffs)
      .values({
        applicationUuid: appUuid,
        loanIds,
        amountCents: refi.principalCents,
        status: 'OWED',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ uuid: refiEstatePayoffs.uuid });
    if (payoff !== undefined) {
      await tx.insert(auditEvents).values({
        entityType: REFI_ESTATE_ENTITY,
        entityId: payoff.uuid,
        actor: REFI_ACTOR,
        fromState: null,
        toState: 'OWED',
        reason: `payoff of ${loanIds.join(', ')} owed to the estate for ${appUuid}`,
        at: now,
      });
    }
    return true;
  });
}

const EXPIRABLE_STATES = [
  'SIGN_DOCS',
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_WAITING_FOR_TOP_UP',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
] as const;

/**
 * Cancels every refinancing not completed (signing included) within REFI_COMPLETION_CALENDAR_DAYS of
 * its submitted details (REFI_EXPIRED); coins it received are noted for their return in the same
 * transaction. Safe on several instances: the transition locks the row.
 */
export async function cancelExpiredRefis(deps: { db: TDb; clock: TClock }): Promise<string[]> {
  const now = deps.clock();
  const due = await deps.db
    .select({ uuid: applications.uuid, submittedAt: refiApplications.submittedAt })
    .from(applications)
    .innerJoin(refiApplications, eq(refiApplications.applicationUuid, applications.uuid))
    .where(
      and(
        inArray(applications.state, [...EXPIRABLE_STATES]),
        isNotNull(refiApplications.completeBy),
        lt(refiApplications.completeBy, now),
      ),
    );
  const cancelled: string[] = [];
  for (const { uuid, submittedAt } of due) {
    if (submittedAt === null || !isRefiExpired({ submittedAt, now })) continue;
    try {
      await deps.db.transaction(async (tx) => {
        await applyTransition(tx, {
          appUuid: uuid,
          event: 'REFI_EXPIRED',
          actor: REFI_ACTOR,
          reason: `not completed within ${REFI_COMPLETION_CALENDAR_DAYS} calendar days of the submitted details`,
          context: { isCelsiusRefi: true },
          at: now,
        });
        // Coins already on its top-up address now wait for the borrower's return address.
        await noteRefiCoinsToReturn(tx, { appUuid: uuid, actor: REFI_ACTOR, now });
      });
      cancelled.push(uuid);
    } catch (error) {
      // Moved on by the borrower or another instance meanwhile.
      if (!isDomainError(error)) throw error;
    }
  }
  return cancelled;
}

/** Signed refinancings still waiting: completed here should their job have been lost. */
export async function completeWaitingRefis(
  deps: { db: TDb; clock: TClock },
  exclude: readonly string[] = [],
): Promise<number> {
  const waiting = await deps.db
    .select({ uuid: applications.uuid })
    .from(applications)
    .where(
      and(
        eq(applications.isCelsiusRefi, true),
        eq(applications.state, 'WAITING_FOR_COLLATERAL'),
        ...(exclude.length > 0 ? [notInArray(applications.uuid, [...exclude])] : []),
      ),
    );
  let completed = 0;
  for (const { uuid } of waiting) if (await completeRefi(deps, uuid)) completed += 1;
  return completed;
}
