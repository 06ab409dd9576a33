/**
 * A payoff and a liquidation order do not run together. While the desk is selling (an OPEN order),
 * a payoff quote and a payoff payment are refused: the sale's proceeds are applied to the balance
 * when the fill is recorded, and a loan already paid off would leave them with nothing to pay. The
 * borrower waits for the sale, gets its statement, then asks for a new quote on what is left.
 *
 * The other way round, a liquidation does not start while a payoff debit is being sent to the bank
 * (written, no answer yet): the next risk pass decides again on the balance the payoff leaves. The
 * hold lasts at most PAYOFF_IN_FLIGHT_HOLD_MS, so a debit the process never sent (the settlement
 * sweep sends it) cannot keep a loan from being liquidated.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { liquidations, servicingPayments } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';

export const LIQUIDATION_IN_PROGRESS_MESSAGE =
  'Part of your collateral is being sold right now to bring your loan-to-value back to the top of its rate tier, so it cannot be paid off yet. Once the sale is recorded you will get its statement; then ask for a new payoff quote on what is left.';

/** How long a payoff debit waiting for the bank's answer holds off a liquidation. */
export const PAYOFF_IN_FLIGHT_HOLD_MS = 15 * 60 * 1000;

/** The uuid of the loan's OPEN liquidation order, or undefined. */
export async function openLiquidationOf(db: TDb, loanUuid: string): Promise<string | undefined> {
  const [open] = await db
    .select({ uuid: liquidations.uuid })
    .from(liquidations)
    .where(and(eq(liquidations.loanUuid, loanUuid), eq(liquidations.status, 'OPEN')))
    .limit(1);
  return open?.uuid;
}

/** 409 LIQUIDATION_IN_PROGRESS while the loan has an OPEN liquidation order. */
export async function assertNoOpenLiquidation(db: TDb, loanUuid: string): Promise<void> {
  if ((await openLiquidationOf(db, loanUuid)) !== undefined) {
    throw new HttpError(409, 'LIQUIDATION_IN_PROGRESS', LIQUIDATION_IN_PROGRESS_MESSAGE);
  }
}

/** Whether a payoff debit of the loan, written since the hold began, still waits for the bank. */
export async function hasPayoffInFlight(db: TDb, loanUuid: string, now: Date): Promise<boolean> {
  const [payoff] = await db
    .select({ uuid: servicingPayments.uuid })
    .from(servicingPayments)
    .where(
      and(
        eq(servicingPayments.loanUuid, loanUuid),
        eq(servicingPayments.purpose, 'PAYOFF'),
        eq(servicingPayments.status, 'PENDING'),
        isNull(servicingPayments.transferId),
        gt(servicingPayments.createdAt, new Date(now.getTime() - PAYOFF_IN_FLIGHT_HOLD_MS)),
      ),
    )
    .limit(1);
  return payoff !== undefined;
}
