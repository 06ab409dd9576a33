import { toCoinQuantity } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { loadCollateralRecordsOf } from './collateral-record.js';

/** Whether collateral is under way: the borrower said it was sent, or a deposit was seen. */
export async function hasCollateralActivity(db: TDb, appUuid: string): Promise<boolean> {
  const records = await loadCollateralRecordsOf(db, appUuid);
  return (
    records.account?.borrowerConfirmedAt != null ||
    records.deposits.some((deposit) => toCoinQuantity(deposit.amount).gt(0))
  );
}
