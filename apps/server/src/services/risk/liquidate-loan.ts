/**
 * Starting a liquidation, inside the risk pass's transaction for one loan (its servicing row locked).
 *
 * The rule of how much is sold: just enough collateral that, once the proceeds less the 2 %
 * processing fee have reduced the balance, the loan is back at the top of its initial tier (the
 * tier's maxInitialLtvPct: 50 % at 8.91 %, 75 % at 11.5 %), at the price the decision was made on;
 * everything when even that cannot restore it (liquidationPlan in the domain). The rest stays as
 * collateral.
 *
 * The order is written OPEN with the price behind it, audited, and the loan's level set to
 * LIQUIDATION; then the exchange is asked. The sandbox exchange fills at once and the fill is
 * recorded in the same transaction; the desk leaves it OPEN for an agent to sell and record. A loan
 * with an open order is left alone (a retried or concurrent pass starts nothing twice). A loan whose
 * payoff debit is being sent to the bank is not started on: the attempt fails and rolls back, and
 * the next pass decides again on what the payoff leaves (liquidation-payoff.ts).
 */
import { randomUUID } from 'node:crypto';
import type { TLiquidation } from '@pledge/contract';
import {
  Decimal,
  isOfferedCollateralType,
  isoDay,
  liquidationPlan,
  toCoinQuantity,
  type TLoanStatusName,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TExchangePort, TLiquidationOrderResult } from '../../adapters/exchange/port.js';
import type { TDb } from '../../db/pool.js';
import {
  auditEvents,
  liquidations,
  priceObservations,
  servicingLoans,
} from '../../db/schema/index.js';
import { accrueInterestBatch } from '../servicing/accrue-interest.js';
import { balancesOf } from '../servicing/ledger-store.js';
import { tierOf } from '../servicing/loan-ltv.js';
import { loadLoan } from '../servicing/servicing-record.js';
import { collateralHeld, LIQUIDATION_ENTITY, recordLiquidationFill } from './liquidation-fill.js';
import { findLiquidation, toLiquidationView } from './liquidation-view.js';
import { hasPayoffInFlight } from './liquidation-payoff.js';

export interface TLiquidationDeps {
  exchange: TExchangePort;
}

export interface TStartLiquidationInput {
  loanUuid: string;
  reason: 'LIQUIDATION_LTV' | 'CURE_DEADLINE_PASSED';
  /** The LTV the decision saw, percent. */
  ltvPct: number | string;
  /** The stored price the decision used. */
  priceObservationId: number;
  now: Date;
}

/** Loans a liquidation may start on. */
const LIQUIDATABLE_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/**
 * Starts (and in the sandbox completes) the loan's liquidation; answers it, the already open one,
 * or null when there is nothing to sell (nothing owed, no collateral, a closed loan).
 */
export async function startLiquidation(
  tx: TDb,
  deps: TLiquidationDeps,
  input: TStartLiquidationInput,
): Promise<TLiquidation | null> {
  const context = await loadLoan(tx, input.loanUuid, { forUpdate: true });
  const [open] = await tx
    .select({ uuid: liquidations.uuid })
    .from(liquidations)
    .where(and(eq(liquidations.loanUuid, input.loanUuid), eq(liquidations.status, 'OPEN')));
  if (open !== undefined) {
    const found = await findLiquidation(tx, open.uuid);
    return found === undefined ? null : toLiquidationView(found.liquidation, found.price);
  }
  if (!LIQUIDATABLE_STATUSES.includes(context.loan.status)) return null;
  if (await hasPayoffInFlight(tx, input.loanUuid, input.now)) {
    throw new Error(
      `Loan ${input.loanUuid} has a payoff debit waiting for the bank; the liquidation waits for its answer`,
    );
  }

  const collateralType = context.loan.collateralType ?? context.offer.collateralType;
  if (!isOfferedCollateralType(collateralType)) {
    throw new Error(
      `Loan ${input.loanUuid} has no collateral that can be sold (${collateralType})`,
    );
  }
  const [observation] = await tx
    .select()
    .from(priceObservations)
    .where(eq(priceObservations.id, input.priceObservationId));
  if (observation === undefined || observation.collateralType !== collateralType) {
    throw new Error(
      `Price observation ${input.priceObservationId} is not a ${collateralType} price`,
    );
  }

  await accrueInterestBatch(tx, { asOf: isoDay(input.now), loanUuid: input.loanUuid });
  const balances = await balancesOf(tx, input.loanUuid);
  const held = collateralHeld(context);
  if (balances.totalCents <= 0 || toCoinQuantity(held).isZero()) return null;
  const targetLtvPct = tierOf(context).maxInitialLtvPct;
  const plan = liquidationPlan({
    balanceCents: balances.totalCents,
    coinQuantity: held,
    priceCents: observation.priceCents,
    targetLtvPct,
  });
  if (toCoinQuantity(plan.coinQuantitySold).isZero()) return null;

  const liquidationUuid = randomUUID();
  const ltvAtDecisionPct = new Decimal(input.ltvPct).toFixed(2, Decimal.ROUND_HALF_UP);
  await tx.insert(liquidations).values({
    uuid: liquidationUuid,
    loanUuid: input.loanUuid,
    status: 'OPEN',
    reason: input.reason,
    ltvAtDecisionPct,
    decisionPriceObservationId: observation.id,
    coinQuantityToSell: plan.coinQuantitySold,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await tx.insert(auditEvents).values({
    entityType: LIQUIDATION_ENTITY,
    entityId: liquidationUuid,
    actor: 'system:risk',
    fromState: null,
    toState: 'OPEN',
    reason:
      `${input.reason} at LTV ${ltvAtDecisionPct}% on ${collateralType} ${observation.priceCents} cents ` +
      `(price #${observation.id}): sell ${plan.coinQuantitySold} of ${held} to restore ${targetLtvPct}% ` +
      `on a balance of ${balances.totalCents} cents, loan ${input.loanUuid}`,
    at: input.now,
  });
  await tx
    .update(servicingLoans)
    .set({
      riskLevel: 'LIQUIDATION',
      ...(context.loan.riskLevel !== 'LIQUIDATION' ? { riskLevelSince: input.now } : {}),
      updatedAt: input.now,
    })
    .where(eq(servicingLoans.loanUuid, input.loanUuid));

  let result: TLiquidationOrderResult;
  try {
    result = await deps.exchange.placeLiquidationOrder({
      loanUuid: input.loanUuid,
      liquidationUuid,
      collateralType,
      coinQuantity: plan.coinQuantitySold,
      placedAt: input.now,
    });
  } catch (error) {
    // The order stays open in the console's queue, for the desk to execute.
    result = { kind: 'OPEN' };
    await tx.insert(auditEvents).values({
      entityType: LIQUIDATION_ENTITY,
      entityId: liquidationUuid,
      actor: `system:exchange-${deps.exchange.name}`,
      fromState: 'OPEN',
      toState: 'OPEN',
      reason:
        `The exchange did not take the order: ${error instanceof Error ? error.message : 'unknown error'}`.slice(
          0,
          500,
        ),
      at: input.now,
    });
  }
  if (result.kind === 'FILLED') {
    return recordLiquidationFill(
      tx,
      { clock: () => input.now },
      {
        liquidationUuid,
        fill: {
          coinQuantitySold: result.coinQuantitySold,
          priceCents: result.priceCents,
          venue: result.venue,
          executedAt: result.executedAt,
        },
        actor: `system:exchange-${deps.exchange.name}`,
      },
    );
  }
  const created = await findLiquidation(tx, liquidationUuid);
  if (created === undefined) throw new Error('The liquidation was not written');
  return toLiquidationView(created.liquidation, created.price);
}
