/**
 * The collateral risk pass (document 1 §9, issue "Servicing, part 2"). One set-based query finds
 * the open loans (active, in margin call, or matured and not repaid) whose level, notices or margin
 * call need a change at the latest accepted price of their coin; each of them then moves in its own
 * transaction under its row lock, re-evaluated with the domain's rules: the level and notified
 * level stored, the crossing recorded with the price behind it and audited, each notice queued
 * once, a margin call opened (48 h on the deployment clock, the deadline fixed when it opens) or
 * cured, and a liquidation started at the liquidation LTV or when the cure deadline passed. The
 * LTV is on the risk balance (riskBalanceCents): a debit still pending cures nothing and its
 * return moves nothing. Two passes at once give one outcome: the second finds nothing left to
 * change.
 */
import {
  courtesyNoticeLtvPct,
  isRiskWatched,
  ltvPct,
  marginCallOutcome,
  RATE_TIERS,
  REFI_STABILIZATION_TRIGGER_LTV_PCT,
  RISK_LEVELS,
  RISK_WATCHED_STATUSES,
  riskNoticeStep,
  riskPassNotices,
  statusAfterRiskPass,
  Decimal,
} from '@pledge/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TExchangePort } from '../../adapters/exchange/port.js';
import type { TDb } from '../../db/pool.js';
import {
  auditEvents,
  liquidations,
  loanRiskEvents,
  servicingLoans,
} from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { queueEmail } from '../email/queue-email.js';
import { latestAcceptedObservation } from '../prices/price-observations.js';
import { thresholdsOf } from '../servicing/loan-ltv.js';
import { riskNoticeMessage } from '../servicing/servicing-messages.js';
import { borrowerEmailOf, brandOfLoan, loadLoan } from '../servicing/servicing-record.js';
import { startLiquidation } from './liquidate-loan.js';
import {
  loanRiskFigures,
  PENDING_DEBITS_ON_RISK_BALANCE_SQL,
  riskBalanceOf,
} from './loan-risk-view.js';
import { queueRiskPass, SERVICING_LOAN_ENTITY } from './queue-risk-pass.js';
import { recordSweepRun } from '../health/record-sweep-run.js';

export { SERVICING_LOAN_ENTITY };

export interface TRiskPassDeps {
  db: TDb;
  cipher: TFieldCipher;
  sandbox: boolean;
  /** Where a liquidation's order goes (the sandbox fills at the sandbox price). */
  exchange: TExchangePort;
}

export const RISK_PASS_ACTOR = 'system:risk-pass';

/** Loans moved per pass; a pass that hits it queues the next one at once. */
export const RISK_PASS_BATCH_SIZE = 5_000;

const LEVEL_ARRAY = sql.raw(`ARRAY[${RISK_LEVELS.map((level) => `'${level}'`).join(', ')}]`);

const WATCHED_STATUSES_SQL = sql.raw(
  `(${RISK_WATCHED_STATUSES.map((status) => `'${status}'`).join(', ')})`,
);

/** The tiers' levels as SQL rows, built from the domain's RATE_TIERS. */
function tierValuesSql(): SQL {
  const rows = RATE_TIERS.map((tier) => {
    const courtesy = courtesyNoticeLtvPct(tier);
    return `('${tier.id}', ${tier.warningLtvPct}::numeric, ${courtesy}::numeric, ${tier.marginCallLtvPct}::numeric, ${tier.liquidationLtvPct}::numeric)`;
  });
  return sql.raw(`VALUES ${rows.join(', ')}`);
}

/**
 * The selection of one pass: every ACTIVE, MARGIN_CALL or MATURED loan with collateral, valued at
 * the latest accepted price of its coin on its risk balance (the interest-bearing balance with
 * what pending debits took off it added back), whose computed level differs from the stored one,
 * that is owed a notice, whose notified level re-arms, whose margin call must open or end, or whose
 * cure deadline has passed. Loans with a liquidation order still open are left to it. Exported so
 * the bench can EXPLAIN it.
 */
export function riskPassSelectionSql(input: { now: Date; limit?: number }): SQL {
  const limit = input.limit ?? RISK_PASS_BATCH_SIZE;
  return sql`
    WITH tiers (tier_id, warning, courtesy, margin_call, liquidation) AS (${tierValuesSql()}),
    prices AS (
      SELECT c.collateral_type, p.id AS price_observation_id, p.price_cents
      FROM (VALUES ('BTC'), ('ETH')) AS c (collateral_type)
      -- The latest stored price is the newest row: a sandbox price is observed on the deployment's
      -- clock, which can move back (a reset), so observed_at does not order what was stored.
      CROSS JOIN LATERAL (
        SELECT o.id, o.price_cents FROM price_observations o
        WHERE o.collateral_type = c.collateral_type AND o.accepted
        ORDER BY o.id DESC
        LIMIT 1
      ) p
    ),
    pending AS (${PENDING_DEBITS_ON_RISK_BALANCE_SQL}),
    valued AS (
      SELECT s.loan_uuid, s.risk_level, s.risk_notified_level, s.cure_deadline,
        greatest(s.interest_bearing_cents - coalesce(pd.cents, 0), 0) * 100.0
          / (s.collateral_units * p.price_cents) AS ltv,
        t.warning, t.courtesy,
        least(t.margin_call, CASE WHEN s.stabilization THEN ${REFI_STABILIZATION_TRIGGER_LTV_PCT}::numeric ELSE t.liquidation END) AS margin_call,
        CASE WHEN s.stabilization THEN ${REFI_STABILIZATION_TRIGGER_LTV_PCT}::numeric ELSE t.liquidation END AS liquidation
      FROM servicing_loans s
      JOIN prices p ON p.collateral_type = s.collateral_type
      JOIN tiers t ON t.tier_id = s.risk_tier_id
      LEFT JOIN pending pd ON pd.loan_uuid = s.loan_uuid
      WHERE s.status IN ${WATCHED_STATUSES_SQL} AND s.collateral_units > 0
        AND NOT EXISTS (
          SELECT 1 FROM liquidations l WHERE l.loan_uuid = s.loan_uuid AND l.status = 'OPEN')
    ),
    levelled AS (
      SELECT v.*,
        CASE WHEN v.ltv >= v.liquidation THEN 'LIQUIDATION'
          WHEN v.ltv >= v.margin_call THEN 'MARGIN_CALL'
          WHEN v.ltv >= v.courtesy THEN 'COURTESY_NOTICE'
          WHEN v.ltv >= v.warning THEN 'WARNING'
          ELSE 'NONE' END AS level,
        CASE v.risk_notified_level WHEN 'WARNING' THEN v.warning
          WHEN 'COURTESY_NOTICE' THEN v.courtesy
          WHEN 'MARGIN_CALL' THEN v.margin_call
          WHEN 'LIQUIDATION' THEN v.liquidation END AS notified_threshold
      FROM valued v
    )
    SELECT loan_uuid FROM levelled
    WHERE level <> risk_level
      OR array_position(${LEVEL_ARRAY}, level) > array_position(${LEVEL_ARRAY}, risk_notified_level)
      OR (array_position(${LEVEL_ARRAY}, risk_notified_level) > array_position(${LEVEL_ARRAY}, level)
        AND ltv <= notified_threshold - 1)
      OR (level = 'MARGIN_CALL') <> (cure_deadline IS NOT NULL)
      OR cure_deadline <= ${input.now.toISOString()}::timestamptz
    LIMIT ${limit}`;
}

export interface TRiskPassResult {
  selected: number;
  changed: number;
  notices: number;
  liquidations: number;
  /** Loans whose move failed (rolled back); the next pass tries them again. */
  failed: { loanUuid: string; error: unknown }[];
}

/** One pass over every open loan at the latest accepted prices, on the deployment's clock `now`. */
export async function runRiskPass(
  deps: TRiskPassDeps,
  input: { now: Date },
): Promise<TRiskPassResult> {
  const selected = await deps.db.execute<{ loan_uuid: string }>(
    riskPassSelectionSql({ now: input.now }),
  );
  const result: TRiskPassResult = {
    selected: selected.rows.length,
    changed: 0,
    notices: 0,
    liquidations: 0,
    failed: [],
  };
  for (const { loan_uuid: loanUuid } of selected.rows) {
    let moved;
    try {
      moved = await moveLoan(deps, loanUuid, input.now);
    } catch (error) {
      // One loan's failure does not hold back the others.
      result.failed.push({ loanUuid, error });
      continue;
    }
    if (moved === null) continue;
    result.changed += 1;
    result.notices += moved.notices;
    if (moved.liquidated) result.liquidations += 1;
  }
  if (selected.rows.length >= RISK_PASS_BATCH_SIZE) {
    await queueRiskPass(deps.db, `continue:${input.now.getTime()}`);
  }
  // A loan that failed is retried by the next pass; the pass itself finished.
  await recordSweepRun(deps.db, 'risk-pass', input.now);
  return result;
}

/**
 * One loan's move, in its own transaction under the servicing row's lock: re-evaluated from what
 * is stored now, so a loan another pass already moved is left as it is (null).
 */
export async function moveLoan(
  deps: TRiskPassDeps,
  loanUuid: string,
  now: Date,
): Promise<{ notices: number; liquidated: boolean } | null> {
  return deps.db.transaction(async (tx) => {
    const context = await loadLoan(tx, loanUuid, { forUpdate: true });
    const { loan } = context;
    if (!isRiskWatched(loan.status)) return null;
    if (loan.collateralType === null || loan.collateralUnits === null) return null;
    const units = new Decimal(loan.collateralUnits);
    if (units.lte(0)) return null;
    const [open] = await tx
      .select({ uuid: liquidations.uuid })
      .from(liquidations)
      .where(and(eq(liquidations.loanUuid, loanUuid), eq(liquidations.status, 'OPEN')));
    if (open !== undefined) return null;
    const price = await latestAcceptedObservation(tx, loan.collateralType);
    if (price === null) return null;

    const thresholds = thresholdsOf(context);
    // Money in flight is not money received: pending debits are left out until they settle.
    const balance = await riskBalanceOf(tx, loan);
    const ltv = ltvPct(balance, units, price.priceCents);
    const ltvText = ltv.toFixed(2, Decimal.ROUND_HALF_UP);
    const step = riskNoticeStep(ltv, thresholds, loan.riskNotifiedLevel);
    const outcome = marginCallOutcome({
      ltv,
      thresholds,
      openCureDeadline: loan.cureDeadline,
      now,
    });

    const status = statusAfterRiskPass(loan.status, outcome);
    // The deadline is the one set when the call opened; a cure or a liquidation ends it.
    const cureDeadline: Date | null = outcome.kind === 'OPEN' ? outcome.cureDeadline : null;
    const notices = riskPassNotices({
      step,
      outcome,
      wasMarginCallOpen: loan.cureDeadline !== null,
    });

    const unchanged =
      step.level === loan.riskLevel &&
      step.notifiedLevel === loan.riskNotifiedLevel &&
      status === loan.status &&
      (cureDeadline?.getTime() ?? null) === (loan.cureDeadline?.getTime() ?? null) &&
      notices.length === 0 &&
      outcome.kind !== 'LIQUIDATE';
    if (unchanged) return null;

    await tx
      .update(servicingLoans)
      .set({
        status,
        riskLevel: step.level,
        riskNotifiedLevel: step.notifiedLevel,
        riskLevelSince: step.level === loan.riskLevel ? loan.riskLevelSince : now,
        riskLtvPct: ltvText,
        riskPriceObservationId: price.id,
        riskCheckedAt: now,
        cureDeadline,
        updatedAt: now,
      })
      .where(eq(servicingLoans.loanUuid, loanUuid));
    await tx.insert(loanRiskEvents).values({
      loanUuid,
      fromLevel: loan.riskLevel,
      toLevel: step.level,
      notices,
      ltvPct: ltvText,
      priceObservationId: price.id,
      createdAt: now,
    });
    const priceText = `${loan.collateralType} at ${new Decimal(price.priceCents).div(100).toFixed(2)} USD (price #${price.id})`;
    await tx.insert(auditEvents).values({
      entityType: SERVICING_LOAN_ENTITY,
      entityId: loanUuid,
      actor: RISK_PASS_ACTOR,
      fromState: `${loan.status}/${loan.riskLevel}`,
      toState: `${status}/${step.level}`,
      reason: [
        `LTV ${ltvText}% with ${priceText}`,
        notices.length > 0 ? `notices: ${notices.join(', ')}` : null,
        cureDeadline !== null ? `cure deadline ${cureDeadline.toISOString()}` : null,
        outcome.kind === 'LIQUIDATE' ? `liquidation: ${outcome.reason}` : null,
      ]
        .filter((part) => part !== null)
        .join('; '),
      at: now,
    });

    if (notices.length > 0) {
      const figures = await loanRiskFigures(tx, context, price, balance);
      const brand = brandOfLoan(context, deps.sandbox);
      for (const notice of notices) {
        await queueEmail(
          tx,
          deps,
          'loan-risk-notice',
          riskNoticeMessage({
            to: borrowerEmailOf(deps.cipher, context),
            brand,
            notice,
            collateralType: loan.collateralType,
            ltvPct: ltvText,
            priceCents: price.priceCents,
            priceObservationId: price.id,
            thresholds,
            collateralToWarning: figures.collateralToWarning,
            paymentToWarningCents: figures.paymentToWarningCents,
            depositAddress: figures.depositAddress,
            cureDeadline,
            ...(outcome.kind === 'LIQUIDATE' ? { liquidationReason: outcome.reason } : {}),
          }),
        );
      }
    }

    if (outcome.kind === 'LIQUIDATE') {
      await startLiquidation(tx, deps, {
        loanUuid,
        reason: outcome.reason,
        ltvPct: ltvText,
        priceObservationId: price.id,
        now,
      });
      // The pass after the sale values what is left.
      await queueRiskPass(tx, `liquidated:${loanUuid}:${now.getTime()}`);
    }
    return { notices: notices.length, liquidated: outcome.kind === 'LIQUIDATE' };
  });
}
