/**
 * The coins a liquidation left on a loan it closed with nothing owed (the desk sold at a better
 * price than planned): the loan page offers their return through the release page, as after a
 * payoff. The server decides the same way (LIQUIDATED, nothing owed, coins held, no sale open).
 */
import type { TCoinAmount, TServicingLoan } from '@pledge/contract';
import { toCoinQuantity } from '@pledge/domain';

export function liquidationRemainderOf(
  loan: Pick<TServicingLoan, 'status' | 'balances' | 'collateral' | 'liquidations'>,
): TCoinAmount | null {
  if (loan.status !== 'LIQUIDATED' || loan.balances.totalCents !== 0) return null;
  if (loan.liquidations.some((liquidation) => liquidation.status === 'OPEN')) return null;
  return toCoinQuantity(loan.collateral.coinQuantity).gt(0) ? loan.collateral : null;
}
