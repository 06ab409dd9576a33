/**
 * The console's collateral discrepancies: deposit addresses of open loans whose last confirmed
 * balance was below what the ledger said the loan held, the longest-standing first. Read from the
 * partial index of short addresses, so the list costs what it holds, not what the loans number.
 */
import {
  COLLATERAL_DISCREPANCY_LIST_MAX,
  type TGetOpsCollateralDiscrepanciesResponse,
} from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { collateralAddressBalances, servicingLoans } from '../../db/schema/index.js';
import { WATCHED_LOAN_STATUSES } from '../risk/add-loan-collateral.js';
import { coinText } from './collateral-record.js';

export async function listCollateralDiscrepancies(deps: {
  db: TDb;
}): Promise<TGetOpsCollateralDiscrepanciesResponse> {
  const rows = await deps.db
    .select({
      loanUuid: collateralAddressBalances.applicationUuid,
      collateralType: collateralAddressBalances.collateralType,
      address: collateralAddressBalances.address,
      confirmedBalance: collateralAddressBalances.confirmedBalance,
      expectedCoins: collateralAddressBalances.expectedCoins,
      blockHeight: collateralAddressBalances.balanceHeight,
      readAt: collateralAddressBalances.readAt,
      shortSince: collateralAddressBalances.shortSince,
    })
    .from(collateralAddressBalances)
    .innerJoin(
      servicingLoans,
      eq(servicingLoans.loanUuid, collateralAddressBalances.applicationUuid),
    )
    .where(
      and(
        eq(collateralAddressBalances.isShort, true),
        isNotNull(collateralAddressBalances.shortSince),
        inArray(servicingLoans.status, [...WATCHED_LOAN_STATUSES]),
      ),
    )
    .orderBy(asc(collateralAddressBalances.shortSince), asc(collateralAddressBalances.address))
    .limit(COLLATERAL_DISCREPANCY_LIST_MAX + 1);
  const discrepancies = rows.slice(0, COLLATERAL_DISCREPANCY_LIST_MAX).map((row) => {
    const expected = row.expectedCoins ?? '0';
    return {
      loanUuid: row.loanUuid,
      collateralType: row.collateralType,
      address: row.address,
      confirmedBalance: coinText(row.confirmedBalance),
      expectedCoins: coinText(expected),
      shortBy: coinText(
        toCoinQuantity(expected).minus(toCoinQuantity(row.confirmedBalance)).toFixed(),
      ),
      blockHeight: row.blockHeight,
      readAt: row.readAt.toISOString(),
      shortSince: (row.shortSince ?? row.readAt).toISOString(),
    };
  });
  return { discrepancies, isTruncated: rows.length > COLLATERAL_DISCREPANCY_LIST_MAX };
}
