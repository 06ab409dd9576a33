/**
 * The console's risk queue: loans in margin call (the nearest cure deadline first; a matured loan's
 * margin call among them), loans at warning or courtesy-notice level (the highest LTV first),
 * matured loans not repaid (the longest past maturity first, with the last collection notice sent),
 * liquidation orders waiting for the desk (oldest first), and the latest stored prices — each list
 * bounded, each loan with the price behind its level. Viewing it is audited.
 */
import {
  RISK_QUEUE_LIST_MAX,
  type TGetOpsRiskQueueResponse,
  type TOpsMaturedLoan,
  type TOpsRiskLoan,
} from '@pledge/contract';
import { daysPastMaturity, isoDay, OFFERED_COLLATERAL_TYPES, toCoinQuantity } from '@pledge/domain';
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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
import {
  identityEmailColumns,
  openIdentityEmail,
  type TIdentityEmailRow,
} from '../identity/identity-email.js';
import { toPriceObservationView } from '../prices/price-observations.js';
import {
  COLLECTION_NOTICE_KIND_PREFIX,
  collectionNoticeDaysOf,
} from '../servicing/send-collection-notices.js';
import { toLiquidationView } from './liquidation-view.js';

/** The latest prices listed per coin. */
export const RISK_QUEUE_PRICES_PER_COIN = 20;

const RECEIVABLES_SQL = sql.raw(
  `('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST', 'ACCRUED_INTEREST', 'FEES')`,
);

/**
 * What every listed loan reads: the loan, its borrower's sealed address, its offer's coins, and
 * what it owes (the sum of its receivables).
 */
const LISTED_LOAN_FIELDS = {
  loan: servicingLoans,
  email: identityEmailColumns,
  offerUnits: offers.collateralUnits,
  offerType: offers.collateralType,
  balanceCents: sql<string>`(SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
    WHERE e.loan_uuid = ${servicingLoans.loanUuid} AND e.account IN ${RECEIVABLES_SQL})`,
};

/** The tables LISTED_LOAN_FIELDS reads beside the loan: its borrower and its application's offer. */
function joinListedLoanTables<TSelect extends PgSelect>(select: TSelect) {
  return select
    .innerJoin(identities, eq(identities.uuid, servicingLoans.identityUuid))
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .innerJoin(offers, eq(offers.uuid, applications.selectedOfferUuid));
}

interface TListedLoanRow {
  loan: typeof servicingLoans.$inferSelect;
  email: TIdentityEmailRow;
  offerUnits: string;
  offerType: string;
  balanceCents: string;
}

/**
 * What every list shows of a listed loan; its coins are its own once recorded, else those of the
 * offer it was made on.
 */
function listedLoanView(cipher: TFieldCipher, row: TListedLoanRow) {
  return {
    loanUuid: row.loan.loanUuid,
    borrowerEmail: openIdentityEmail(cipher, row.loan.identityUuid, row.email),
    level: row.loan.riskLevel,
    ltvPct: row.loan.riskLtvPct === null ? null : Number(row.loan.riskLtvPct),
    balanceCents: Number(row.balanceCents),
    collateral: {
      coinQuantity: toCoinQuantity(row.loan.collateralUnits ?? row.offerUnits).toFixed(8),
      type: (row.loan.collateralType ?? row.offerType) as TOpsRiskLoan['collateral']['type'],
    },
    cureDeadline: row.loan.cureDeadline?.toISOString() ?? null,
  };
}

async function riskLoans(
  deps: { db: TDb; cipher: TFieldCipher },
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<TOpsRiskLoan[]> {
  const rows = await joinListedLoanTables(
    deps.db
      .select({ ...LISTED_LOAN_FIELDS, price: priceObservations })
      .from(servicingLoans)
      .$dynamic(),
  )
    .leftJoin(priceObservations, eq(priceObservations.id, servicingLoans.riskPriceObservationId))
    .where(where)
    .orderBy(...orderBy)
    .limit(RISK_QUEUE_LIST_MAX);
  return rows.map((row) => ({
    ...listedLoanView(deps.cipher, row),
    status: row.loan.status,
    decisionPrice: row.price === null ? null : toPriceObservationView(row.price),
    levelSince: row.loan.riskLevelSince?.toISOString() ?? null,
  }));
}

/** Matured loans not repaid, the longest past maturity first, on the deployment's day `today`. */
async function maturedUnpaidLoans(
  deps: { db: TDb; cipher: TFieldCipher },
  today: string,
): Promise<TOpsMaturedLoan[]> {
  const rows = await joinListedLoanTables(
    deps.db
      .select({
        ...LISTED_LOAN_FIELDS,
        lastNoticeKind: sql<string | null>`(SELECT n.kind FROM servicing_notices n
        WHERE n.loan_uuid = ${servicingLoans.loanUuid}
          AND n.kind LIKE ${`${COLLECTION_NOTICE_KIND_PREFIX}%`}
        ORDER BY n.sent_at DESC LIMIT 1)`,
        lastNoticeAt: sql<string | null>`(SELECT to_char(max(n.sent_at) AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM servicing_notices n
        WHERE n.loan_uuid = ${servicingLoans.loanUuid}
          AND n.kind LIKE ${`${COLLECTION_NOTICE_KIND_PREFIX}%`})`,
      })
      .from(servicingLoans)
      .$dynamic(),
  )
    .where(eq(servicingLoans.status, 'MATURED'))
    .orderBy(asc(servicingLoans.maturityDate), asc(servicingLoans.loanUuid))
    .limit(RISK_QUEUE_LIST_MAX);
  return rows.map((row) => {
    const noticeDays =
      row.lastNoticeKind === null ? null : collectionNoticeDaysOf(row.lastNoticeKind);
    return {
      ...listedLoanView(deps.cipher, row),
      maturityDate: row.loan.maturityDate,
      daysPastMaturity: daysPastMaturity(row.loan.maturityDate, today),
      lastCollectionNotice:
        noticeDays === null || row.lastNoticeAt === null
          ? null
          : { daysAfterMaturity: noticeDays, sentAt: row.lastNoticeAt },
    };
  });
}

export async function getRiskQueue(
  deps: { db: TDb; cipher: TFieldCipher; clock: () => Date },
  input: { actor: string },
): Promise<TGetOpsRiskQueueResponse> {
  // A matured loan stays MATURED in its margin call: its cure deadline says it runs.
  const marginCalls = await riskLoans(
    deps,
    or(
      eq(servicingLoans.status, 'MARGIN_CALL'),
      and(eq(servicingLoans.status, 'MATURED'), isNotNull(servicingLoans.cureDeadline)),
    ),
    [sql`${servicingLoans.cureDeadline} ASC NULLS LAST`, asc(servicingLoans.loanUuid)],
  );
  const warnings = await riskLoans(
    deps,
    and(
      eq(servicingLoans.status, 'ACTIVE'),
      inArray(servicingLoans.riskLevel, ['WARNING', 'COURTESY_NOTICE']),
    ),
    [sql`${servicingLoans.riskLtvPct} DESC NULLS LAST`, asc(servicingLoans.loanUuid)],
  );
  const maturedUnpaid = await maturedUnpaidLoans(deps, isoDay(deps.clock()));
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
    reason: `Viewed the risk queue: ${marginCalls.length} margin calls, ${warnings.length} warnings, ${maturedUnpaid.length} matured unpaid, ${openOrders.length} open liquidation orders`,
    at: deps.clock(),
  });
  return {
    marginCalls,
    warnings,
    maturedUnpaid,
    openOrders,
    asOf: deps.clock().toISOString(),
    recentPrices: recentPrices.map(toPriceObservationView),
  };
}
