/**
 * POST R/applications/{appUuid}/stabilization {optIn}: the stabilization choice (document 2 §9:
 * custody-only offers only, liquidation trigger 85%). Audited; locked once submitted.
 */
import type { TRefinancingApplication } from '@pledge/contract';
import { assertStabilizationAllowed } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { auditEvents, refiApplications } from '../../db/schema/index.js';
import { type TApplicationDeps, APPLICATION_ENTITY } from '../applications/application-record.js';
import { actors } from '../applications/apply-transition.js';
import { assertRefiOpen } from './refi-offer-choice.js';
import { findOwnedRefi, refiOffersByUuid, toRefiView, treatmentOf } from './refi-record.js';

export async function setRefiStabilization(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string; optIn: boolean },
): Promise<TRefinancingApplication> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const { application, refi } = await findOwnedRefi(tx, input.identityUuid, input.appUuid, {
      lock: true,
    });
    assertRefiOpen(application);
    const selected = application.selectedOfferUuid;
    const treatment =
      selected === null
        ? null
        : treatmentOf((await refiOffersByUuid(tx, [selected])).get(selected));
    assertStabilizationAllowed(treatment, input.optIn);
    if (refi.stabilizationOptIn === input.optIn) return application;
    await tx
      .update(refiApplications)
      .set({ stabilizationOptIn: input.optIn })
      .where(eq(refiApplications.applicationUuid, application.uuid));
    await tx.insert(auditEvents).values({
      entityType: APPLICATION_ENTITY,
      entityId: application.uuid,
      actor: actors.borrower(input.identityUuid),
      fromState: application.state,
      toState: application.state,
      reason: `stabilization ${input.optIn ? 'opted in' : 'opted out'}`,
      at: now,
    });
    return application;
  });
  return toRefiView(deps.db, row, now);
}
