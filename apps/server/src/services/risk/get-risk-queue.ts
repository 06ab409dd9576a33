/**
 * The console's risk queue: loans in margin call (the nearest cure deadline first), loans at warning
 * or courtesy-notice level (the highest LTV first), liquidation orders waiting for the desk (oldest
 * first), and the latest stored prices — each list bounded, each loan with the price behind its
 * level. Viewing it is audited.
 */
import {
  RISK_QUEUE_LIST_MAX,
  type TGetOpsRiskQueueResponse,
  type TOpsRiskLoan,
} from '@pledge/contract';
import { OFFERED_COLLATERAL_TYPES, toCoinQuantity } from '@pledge/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  identities,
  liquidations,
  offers,
  priceObservations,
  servicingLoans,
} from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { identityEmailColumns, openIdentityEmail } from '../identity/identity-email.js';
import { toPriceObservationView } from '../prices/price-observations.js';
import { toLiquidationView } from './liquidation-view.js';

/** The latest prices listed per coin. */
export const RISK_QUEUE_PRICES_PER_COIN = 20;

const RECEIVABLES_SQL = sql.raw(
  `('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST', 'ACCRUED_INTEREST', 'FEES')`,
);

async function riskLoans(
  deps: { db: TDb; cipher: TFieldCipher },
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<TOpsRiskLoan[]> {
  const rows = await deps.db
    .select({
      loan: servicingLoans,
      email: identityEmailColumns,
      offerUnits: offers.collateralUnits,
      offerType: offers.collateralType,
      price: priceObservations,
      balanceCents: sql<string>`(SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
        WHERE e.loan_uuid = ${servicingLoans.loanUuid} AND e.account IN ${RECEIVABLES_SQL})`,
    })
    .from(servicingLoans)
    .innerJoin(identities, eq(identities.uuid, servicingLoans.identityUuid))
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid))
    .leftJoin(priceObservations, eq(priceObservations.id, servicingLoans.riskPriceObservationId))
    .where(where)
    .orderBy(...orderBy)
    .limit(RISK_QUEUE_LIST_MAX);
  return rows.map((row) => ({
    loanUuid: row.loan.loanUuid,
    borrowerEmail: openIdentityEmail(deps.cipher, row.loan.identityUuid, row.email),
    status: row.loan.status,
    level: row.loan.riskLevel,
    ltvPct: row.loan.riskLtvPct === null ? null : Number(row.loan.riskLtvPct),
    balanceCents: Number(row.balanceCents),
    collateral: {
      coinQuantity: toCoinQuantity(row.loan.collateralUnits ?? row.offerUnits).toFixed(8),
      type: (row.loan.collateralType ?? row.offerType) as TOpsRiskLoan['collateral']['type'],
    },
    decisionPrice: row.price === null ? null : toPriceObservationView(row.price),
    levelSince: row.loan.riskLevelSince?.toISOString() ?? null,
    cureDeadline: row.loan.cureDeadline?.toISOString() ?? null,
  }));
}

export async function getRiskQueue(
  deps: { db: TDb; cipher: TFieldCipher; clock: () => Date },
  input: { actor: string },
): Promise<TGetOpsRiskQueueResponse> {
  const marginCalls = await riskLoans(deps, eq(servicingLoans.status, 'MARGIN_CALL'), [
    sql`${servicingLoans.cureDeadline} ASC NULLS LAST`,
    asc(servicingLoans.loanUuid),
  ]);
  const warnings = await riskLoans(
    deps,
    and(
      eq(servicingLoans.status, 'ACTIVE'),
      inArray(servicingLoans.riskLevel, ['WARNING', 'COURTESY_NOTICE']),
    ),
    [sql`${servicingLoans.riskLtvPct} DESC NULLS LAST`, asc(servicingLoans.loanUuid)],
  );
  const orders = await deps.db
    .select({
      liquidation: liquidations,
      price: priceObservations,
      identityUuid: servicingLoans.identityUuid,
      email: identityEmailColumns,
    })
    .from(liquidations)
    .innerJoin(priceObservations, eq(priceObservations.id, liquidations.decisionPriceObservationId))
    .innerJoin(servicingLoans, eq(servicingLoans.loanUuid, liquidations.loanUuid))
    .innerJoin(identities, eq(identities.uuid, servicingLoans.identityUuid))
    .where(eq(liquidations.status, 'OPEN'))
    .orderBy(asc(liquidations.createdAt), asc(liquidations.uuid))
    .limit(RISK_QUEUE_LIST_MAX);
  const recentPrices = [];
  for (const type of OFFERED_COLLATERAL_TYPES) {
    const rows = await deps.db
      .select()
      .from(priceObservations)
      .where(and(eq(priceObservations.collateralType, type), eq(priceObservations.accepted, true)))
      .orderBy(desc(priceObservations.id))
      .limit(RISK_QUEUE_PRICES_PER_COIN);
    recentPrices.push(...rows);
  }
  recentPrices.sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime() || b.id - a.id);
  const openOrders = orders.map((row) => ({
    loanUuid: row.liquidation.loanUuid,
    borrowerEmail: openIdentityEmail(deps.cipher, row.identityUuid, row.email),
    liquidation: toLiquidationView(row.liquidation, row.price),
  }));
  await deps.db.insert(auditEvents).values({
    entityType: 'risk-queue',
    entityId: 'console',
    actor: input.actor,
    fromState: null,
    toState: null,
    reason: `Viewed the risk queue: ${marginCalls.length} margin calls, ${warnings.length} warnings, ${openOrders.length} open liquidation orders`,
    at: deps.clock(),
  });
  return {
    marginCalls,
    warnings,
    openOrders,
    asOf: deps.clock().toISOString(),
    recentPrices: recentPrices.map(toPriceObservationView),
  };
}
