/**
 * The Disbursement Account row of the final steps (document 1 §3, §4), from the stored destination:
 * PENDING while an agent reviews a holder name that is not the borrower's, NOT_STARTED again once
 * such an account was refused (the borrower gives another).
 */
import type { TFinalStepStatus } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { disbursementAccounts } from '../../db/schema/index.js';
import { currentHolderNameReview } from './holder-name-review.js';

export async function disbursementStepStatus(
  db: TDb,
  application: { uuid: string; isRollForward: boolean },
): Promise<TFinalStepStatus> {
  // A renewal pays out no new funds.
  if (application.isRollForward) return 'NOT_REQUIRED';
  const [destination] = await db
    .select({ method: disbursementAccounts.method })
    .from(disbursementAccounts)
    .where(eq(disbursementAccounts.applicationUuid, application.uuid));
  if (destination === undefined) return 'NOT_STARTED';
  const review = await currentHolderNameReview(db, application.uuid);
  if (review?.status === 'PENDING') return 'PENDING';
  if (review?.status === 'REJECTED') return 'NOT_STARTED';
  return 'COMPLETED';
}
