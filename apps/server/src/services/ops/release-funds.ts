/**
 * An agent releases the loan funds: MANUAL_FUNDING_RELEASE becomes COMPLETE (FUNDS_RELEASED).
 * Idempotent: the application is locked first, so of two concurrent releases one transitions and
 * the other finds the release recorded and answers the same detail, without a second audit event.
 */
import type { TPostOpsReleaseFundsResponse } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { applyTransition, APPLICATION_ENTITY } from '../applications/apply-transition.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';

export const FUNDS_RELEASED_REASON = 'funds released';

async function wasReleased(tx: TDb, appUuid: string): Promise<boolean> {
  const [released] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, APPLICATION_ENTITY),
        eq(auditEvents.entityId, appUuid),
        eq(auditEvents.fromState, 'MANUAL_FUNDING_RELEASE'),
        eq(auditEvents.toState, 'COMPLETE'),
      ),
    )
    .limit(1);
  return released !== undefined;
}

export async function releaseFunds(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string },
): Promise<TPostOpsReleaseFundsResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockApplication(tx, input.appUuid);
    if (current.state !== 'MANUAL_FUNDING_RELEASE') {
      if (await wasReleased(tx, current.uuid)) return current;
      throw new HttpError(
        409,
        'CANNOT_RELEASE_FUNDS',
        `Funds are released only once the application awaits release (MANUAL_FUNDING_RELEASE); it is in state ${current.state}.`,
      );
    }
    const { application } = await applyTransition(tx, {
      appUuid: current.uuid,
      event: 'FUNDS_RELEASED',
      actor: agentActor(input.agentUuid),
      reason: FUNDS_RELEASED_REASON,
      at: deps.clock(),
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
