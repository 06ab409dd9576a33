/**
 * An agent's decision on a typed-in bank account whose holder name is not the borrower's: approved,
 * the funds may go to it; rejected (with a reason), they never do and the borrower's Disbursement
 * Account step opens again for an account in their own name. Audited with the application; the
 * application row is locked first, so two decisions are taken in turn, and repeating the decision
 * already taken answers the same detail.
 */
import type { TOpsApplicationDetail } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import { auditEvents, holderNameReviews } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import {
  currentHolderNameReview,
  HOLDER_NAME_REVIEW_ENTITY,
} from '../disbursement/holder-name-review.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { decisionBy } from './agent-decision.js';

export const NO_HOLDER_NAME_REVIEW_MESSAGE =
  'The payout account has no holder name waiting for review.';

export type THolderNameDecision =
  { decision: 'APPROVED' } | { decision: 'REJECTED'; reason: string };

export async function decideHolderName(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string } & THolderNameDecision,
): Promise<TOpsApplicationDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const { application, agent } = await lockApplication(tx, deps.cipher, input);
    const review = await currentHolderNameReview(tx, application.uuid);
    if (review === null) {
      throw new HttpError(409, 'NO_HOLDER_NAME_REVIEW', NO_HOLDER_NAME_REVIEW_MESSAGE);
    }
    if (review.status !== 'PENDING') {
      if (review.status === input.decision) return application;
      throw new HttpError(409, 'NO_HOLDER_NAME_REVIEW', NO_HOLDER_NAME_REVIEW_MESSAGE);
    }
    const at = deps.clock();
    const reason = input.decision === 'REJECTED' ? input.reason : null;
    await tx
      .update(holderNameReviews)
      .set({
        status: input.decision,
        ...decisionBy(agent, at, reason),
      })
      .where(
        and(
          eq(holderNameReviews.applicationUuid, application.uuid),
          eq(holderNameReviews.disbursementVersion, review.disbursementVersion),
        ),
      );
    await tx.insert(auditEvents).values({
      entityType: HOLDER_NAME_REVIEW_ENTITY,
      entityId: application.uuid,
      actor: agentActor(agent.identityUuid),
      fromState: 'PENDING',
      toState: input.decision,
      reason:
        reason === null
          ? `bank account holder name accepted by ${agent.email}`
          : `bank account holder name refused by ${agent.email}: ${reason}`,
      at,
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
