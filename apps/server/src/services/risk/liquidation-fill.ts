/**
 * Recording a liquidation's fill, inside the caller's transaction: the sale is re-figured with the
 * quantity and price actually got (proceeds half-up, the 2 % fee on them, applied up to the balance,
 * the rest a surplus owed back), posted as one LIQUIDATION journal, the sold coins taken off the
 * collateral, the margin call's cure ended, and the loan either closed (LIQUIDATED: nothing owed or
 * nothing left to hold) or open again at the level of its new LTV. The borrower's statement is a
 * job queued in the same transaction. A fill is recorded once: the same Idempotency-Key answers the
 * same liquidation, any other second fill is refused.
 */
import type { TLiquidation } from '@pledge/contract';
import {
  isoDay,
  liquidationFillFigures,
  liquidationFillProblems,
  liquidationJournal,
  riskLevel,
  riskThresholds,
  statusAfterLiquidation,
  toCoinQuantity,
  type TLoanStatusName,
  type TRiskLevel,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  auditEvents,
  liquidations,
  loanRiskEvents,
  servicingLoans,
  type TLiquidationRow,
} from '../../db/schema/index.js';
import {
  liquidationStatementDedupeKey,
  liquidationStatementJob,
} from '../../jobs/definitions/liquidation-statement.js';
import { enqueue } from '../../jobs/enqueue.js';
import { HttpError } from '../../http/errors.js';
import { accrueInterestBatch } from '../servicing/accrue-interest.js';
import { balancesOf, postJournal } from '../servicing/ledger-store.js';
import { tierOf } from '../servicing/loan-ltv.js';
import { assertServicingInvariants } from '../servicing/servicing-invariants.js';
import { loadLoan, type TLoanContext } from '../servicing/servicing-record.js';
import { findLiquidation, toLiquidationView } from './liquidation-view.js';

export const LIQUIDATION_ENTITY = 'liquidation';
export const SERVICING_LOAN_ENTITY = 'servicing-loan';

export const LIQUIDATION_MESSAGES = {
  notFound: 'Liquidation order not found',
  alreadyFilled: (executedAt: string) =>
    `This liquidation order was already filled (sale of ${executedAt}); a second fill is not recorded.`,
  keyReused: 'This Idempotency-Key was already used for a different fill',
} as const;

/** The fill as the exchange or the desk reports it. */
export interface TLiquidationFill {
  coinQuantitySold: string;
  priceCents: number;
  venue: string;
  executedAt: Date;
}

export interface TRecordLiquidationFillInput {
  liquidationUuid: string;
  fill: TLiquidationFill;
  /** `system:sandbox-exchange`, or the agent who recorded a desk fill. */
  actor: string;
  /** The desk's Idempotency-Key; none for an exchange that fills at once. */
  idempotencyKey?: string;
}

/** The coins the loan holds now: what deposits added and liquidations sold, else what was pledged. */
export function collateralHeld(context: TLoanContext): string {
  return context.loan.collateralUnits ?? context.offer.collateralUnits;
}

const OPEN_LOAN_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/** A loan's status once a fill of these figures is recorded. */
function nextStatus(current: TLoanStatusName, closes: boolean): TLoanStatusName {
  if (!OPEN_LOAN_STATUSES.includes(current)) return current;
  if (closes) return 'LIQUIDATED';
  // A matured loan stays matured; a margin call ends with the sale.
  return current === 'MATURED' ? 'MATURED' : 'ACTIVE';
}

function sameFill(row: TLiquidationRow, fill: TLiquidationFill): boolean {
  return (
    row.coinQuantitySold !== null &&
    toCoinQuantity(row.coinQuantitySold).eq(toCoinQuantity(fill.coinQuantitySold)) &&
    row.fillPriceCents === fill.priceCents &&
    row.venue === fill.venue &&
    row.executedAt?.getTime() === fill.executedAt.getTime()
  );
}

function validationError(problems: Record<string, string[]>): HttpError {
  const first = Object.values(problems)[0]?.[0] ?? 'The fill is not valid';
  return new HttpError(400, 'VALIDATION_ERROR', first, problems);
}

export async function recordLiquidationFill(
  tx: TDb,
  deps: { clock: () => Date },
  input: TRecordLiquidationFillInput,
): Promise<TLiquidation> {
  const now = deps.clock();
  const notFound = new HttpError(404, 'LIQUIDATION_NOT_FOUND', LIQUIDATION_MESSAGES.notFound);
  const located = await findLiquidation(tx, input.liquidationUuid);
  if (located === undefined) throw notFound;
  // The loan first, then its order: the same lock order as the risk pass.
  const context = await loadLoan(tx, located.liquidation.loanUuid, { forUpdate: true });
  const current = await findLiquidation(tx, input.liquidationUuid, { forUpdate: true });
  if (current === undefined) throw notFound;
  const { liquidation, price } = current;

  if (liquidation.status === 'FILLED') {
    if (
      input.idempotencyKey !== undefined &&
      liquidation.fillIdempotencyKey === input.idempotencyKey
    ) {
      if (!sameFill(liquidation, input.fill)) {
        throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', LIQUIDATION_MESSAGES.keyReused);
      }
      return toLiquidationView(liquidation, price);
    }
    throw new HttpError(
      409,
      'LIQUIDATION_ALREADY_FILLED',
      LIQUIDATION_MESSAGES.alreadyFilled((liquidation.executedAt ?? now).toISOString()),
    );
  }

  const held = collateralHeld(context);
  const collateralType = price.collateralType;
  const problems = liquidationFillProblems({
    coinQuantitySold: input.fill.coinQuantitySold,
    coinQuantityToSell: liquidation.coinQuantityToSell,
    coinQuantityHeld: held,
    collateralType,
    priceCents: input.fill.priceCents,
    executedAt: input.fill.executedAt,
    now,
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);

  const loanUuid = context.loan.loanUuid;
  await accrueInterestBatch(tx, { asOf: isoDay(now), loanUuid });
  const balances = await balancesOf(tx, loanUuid);
  const figures = liquidationFillFigures({
    balanceCents: balances.totalCents,
    coinQuantityHeld: held,
    coinQuantitySold: input.fill.coinQuantitySold,
    priceCents: input.fill.priceCents,
  });
  const journalUuid = await postJournal(tx, {
    loanUuid,
    journal: liquidationJournal(balances, figures),
    effectiveOn: isoDay(input.fill.executedAt),
  });

  const [filled] = await tx
    .update(liquidations)
    .set({
      status: 'FILLED',
      coinQuantitySold: figures.coinQuantitySold,
      fillPriceCents: input.fill.priceCents,
      venue: input.fill.venue,
      executedAt: input.fill.executedAt,
      proceedsCents: figures.proceedsCents,
      feeCents: figures.feeCents,
      appliedCents: figures.appliedCents,
      surplusCents: figures.surplusCents,
      ltvAfterPct: figures.ltvAfterPct,
      journalUuid,
      filledBy: input.actor.startsWith('system:') ? null : input.actor,
      fillIdempotencyKey: input.idempotencyKey ?? null,
      updatedAt: now,
    })
    .where(eq(liquidations.uuid, liquidation.uuid))
    .returning();
  if (filled === undefined) throw new Error('The liquidation vanished');

  const thresholds = riskThresholds(tierOf(context), {
    stabilization: context.loan.stabilization,
  });
  const levelAfter: TRiskLevel =
    figures.ltvAfterPct === null ? 'NONE' : riskLevel(figures.ltvAfterPct, thresholds);
  const statusAfter = nextStatus(
    context.loan.status,
    statusAfterLiquidation(figures) === 'LIQUIDATED',
  );
  await tx
    .update(servicingLoans)
    .set({
      status: statusAfter,
      collateralUnits: figures.coinQuantityRemaining,
      cureDeadline: null,
      riskLevel: levelAfter,
      // Notices re-arm from the new level: a later rise is told again.
      riskNotifiedLevel: levelAfter,
      riskLevelSince: now,
      riskLtvPct: figures.ltvAfterPct,
      updatedAt: now,
    })
    .where(eq(servicingLoans.loanUuid, loanUuid));
  await tx.insert(loanRiskEvents).values({
    loanUuid,
    fromLevel: context.loan.riskLevel,
    toLevel: levelAfter,
    notices: ['LIQUIDATION_STATEMENT'],
    // With no collateral left there is no LTV after; the event keeps the one it was decided at.
    ltvPct: figures.ltvAfterPct ?? liquidation.ltvAtDecisionPct,
    priceObservationId: liquidation.decisionPriceObservationId,
    createdAt: now,
  });
  await tx.insert(auditEvents).values({
    entityType: LIQUIDATION_ENTITY,
    entityId: liquidation.uuid,
    actor: input.actor,
    fromState: 'OPEN',
    toState: 'FILLED',
    reason:
      `Sold ${figures.coinQuantitySold} ${collateralType} at ${input.fill.priceCents} cents on ` +
      `${input.fill.venue} at ${input.fill.executedAt.toISOString()}: proceeds ${figures.proceedsCents}, ` +
      `fee ${figures.feeCents}, applied ${figures.appliedCents}, surplus ${figures.surplusCents} cents; ` +
      `LTV ${liquidation.ltvAtDecisionPct}% → ${figures.ltvAfterPct ?? 'none'}% on loan ${loanUuid}`,
    at: now,
  });
  if (statusAfter !== context.loan.status) {
    await tx.insert(auditEvents).values({
      entityType: SERVICING_LOAN_ENTITY,
      entityId: loanUuid,
      actor: input.actor,
      fromState: context.loan.status,
      toState: statusAfter,
      reason: `Liquidation ${liquidation.uuid} filled`,
      at: now,
    });
  }
  await enqueue(
    tx,
    liquidationStatementJob,
    {
      liquidationUuid: liquidation.uuid,
      balanceAfterCents: figures.balanceAfterCents,
      coinQuantityRemaining: figures.coinQuantityRemaining,
    },
    { dedupeKey: liquidationStatementDedupeKey(liquidation.uuid) },
  );
  await assertServicingInvariants(tx, loanUuid);
  return toLiquidationView(filled, price);
}
