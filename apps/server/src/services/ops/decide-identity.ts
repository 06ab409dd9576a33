/**
 * An agent's decision on the uploaded ID of an application: every upload still pending is approved
 * or rejected, and the decision (with the reason of a rejection) is appended to the application's
 * audit trail in the same transaction. The application row is locked first, so two decisions on
 * the same uploads are taken in turn.
 */
import type { TOpsApplicationDetail } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { auditEvents, identityDocuments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { APPLICATION_ENTITY } from '../applications/application-record.js';
import { identityStepStatus } from '../identity-documents/identity-step-status.js';
import { reviewIdentityDocument } from '../identity-documents/review-identity-document.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';

export const NO_ID_TO_REVIEW_MESSAGE = 'There is no uploaded ID waiting for review.';

export type TIdentityDecision = { decision: 'APPROVED' } | { decision: 'REJECTED'; reason: string };

export async function decideIdentity(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string } & TIdentityDecision,
): Promise<TOpsApplicationDetail> {
  const reviewer = agentActor(input.agentUuid);
  const row = await deps.db.transaction(async (tx) => {
    const { application } = await lockApplication(tx, deps.cipher, input);
    const pending = await tx
      .select({ uuid: identityDocuments.uuid })
      .from(identityDocuments)
      .where(
        and(
          eq(identityDocuments.applicationUuid, application.uuid),
          eq(identityDocuments.reviewStatus, 'PENDING'),
        ),
      );
    if (pending.length === 0) {
      // Approving an ID already approved changes nothing (a retry, a second agent).
      const isApproved =
        input.decision === 'APPROVED' &&
        (await identityStepStatus(tx, application)) === 'COMPLETED';
      if (isApproved) return application;
      throw new HttpError(409, 'NO_ID_TO_REVIEW', NO_ID_TO_REVIEW_MESSAGE);
    }
    const at = deps.clock();
    const reason = input.decision === 'REJECTED' ? input.reason : null;
    for (const document of pending) {
      await reviewIdentityDocument(
        { db: tx, clock: () => at },
        { documentUuid: document.uuid, decision: input.decision, reason, reviewer },
      );
    }
    await tx.insert(auditEvents).values({
      entityType: APPLICATION_ENTITY,
      entityId: application.uuid,
      actor: reviewer,
      fromState: null,
      toState: null,
      reason: reason === null ? 'ID approved' : `ID rejected: ${reason}`,
      at,
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
