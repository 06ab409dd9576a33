/**
 * The final steps of a renewal (document 1 §4): no disbursement (nothing is paid out; the row is
 * hidden), no identity step (the identity approved for the loan stays on file: uploaded IDs carry no
 * expiry here, so it has not expired), the agreements to sign, and the collateral only when coins
 * are added (their deposit to the loan's address is watched as for a new loan).
 */
import type { TFinalSteps } from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { finalStepsOf } from '../applications/final-steps.js';
import { hasCollateralActivity } from '../collateral/collateral-activity.js';

export async function renewalFinalSteps(db: TDb, renewal: TApplicationRow): Promise<TFinalSteps> {
  const hasTopUp = toCoinQuantity(renewal.topUpCoinQuantity ?? '0').greaterThan(0);
  const steps = finalStepsOf(renewal, {
    identity: 'NOT_REQUIRED',
    disbursement: 'NOT_REQUIRED',
    hasCollateralActivity:
      hasTopUp &&
      renewal.renewsApplicationUuid !== null &&
      (await hasCollateralActivity(db, renewal.renewsApplicationUuid)),
  });
  if (hasTopUp) return steps;
  const items = steps.items.map((item) =>
    item.name === 'Post Collateral' ? { ...item, status: 'NOT_REQUIRED' as const } : item,
  );
  return { ...steps, items };
}
