/** The Disbursement Account row of the final steps (document 1 §3, §4), from the stored destination. */
import type { TFinalStepStatus } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { disbursementAccounts } from '../../db/schema/index.js';

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
  return destination === undefined ? 'NOT_STARTED' : 'COMPLETED';
}
