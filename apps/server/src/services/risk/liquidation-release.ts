/**
 * The collateral a liquidation left on a loan it closed with nothing owed (a desk fill at a better
 * price than planned, or a sale whose proceeds covered everything with a surplus): the coins go
 * back to the borrower the way a paid-off loan's do, through the release request with a return
 * address (request-collateral-release.ts). There is no payoff, so no hold: the release can be sent
 * as soon as it is asked.
 */
import { toCoinQuantity } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { servicingLoans } from '../../db/schema/index.js';
import { balancesOf } from '../servicing/ledger-store.js';
import { coinText } from '../collateral/collateral-record.js';
import { openLiquidationOf } from './liquidation-payoff.js';

/**
 * The coins to return of a LIQUIDATED loan that owes nothing and still holds collateral, with no
 * order open; null for any other loan (its release follows the payoff, or there is none).
 */
export async function liquidatedCollateralToReturn(
  db: TDb,
  loanUuid: string,
): Promise<string | null> {
  const [loan] = await db
    .select({ status: servicingLoans.status, collateralUnits: servicingLoans.collateralUnits })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  if (loan?.status !== 'LIQUIDATED' || loan.collateralUnits === null) return null;
  if (!toCoinQuantity(loan.collateralUnits).gt(0)) return null;
  if ((await openLiquidationOf(db, loanUuid)) !== undefined) return null;
  if ((await balancesOf(db, loanUuid)).totalCents > 0) return null;
  return coinText(loan.collateralUnits);
}
