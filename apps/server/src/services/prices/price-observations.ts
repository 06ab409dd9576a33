/**
 * Stored prices: every price a risk decision uses is a row of price_observations, so each notice
 * and liquidation names the series behind it. Market prices pass the wick guard (a lone outlier is
 * stored as not accepted and acted on only once a second price confirms it); the sandbox price is
 * set on purpose and always accepted.
 */
import { acceptPriceTick, WICK_GUARD_WINDOW_MS, type TOfferedCollateralType } from '@pledge/domain';
import type { TPriceObservation } from '@pledge/contract';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { priceObservations, type TPriceObservationRow } from '../../db/schema/index.js';

export type TPriceSource = 'MEDIAN' | 'SANDBOX';

/** At most this many exchanges are named with one observation. */
export const MAX_PRICE_VENUES = 10;

export interface TRecordPriceInput {
  collateralType: TOfferedCollateralType;
  priceCents: number;
  source: TPriceSource;
  venues?: readonly string[];
  /** When the price held; the deployment's clock (the database's, with the sandbox offset) if not given. */
  observedAt?: Date;
}

/** The deployment's time inside SQL: the database's, moved by the sandbox clock's offset when one is set. */
export const deploymentNowSql = sql`(now() + make_interval(secs => coalesce(
  (SELECT offset_ms FROM sandbox_clock WHERE id), 0) / 1000.0))`;

/**
 * Stores one price in the caller's transaction. Market prices go through the wick guard against the
 * coin's accepted prices of the last minutes; the coin's rows are serialised by an advisory lock so
 * two instances polling at once judge each price against the same history.
 */
export async function recordPriceObservation(
  tx: TDb,
  input: TRecordPriceInput,
): Promise<TPriceObservationRow> {
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents <= 0) {
    throw new RangeError('A stored price is a positive whole number of cents');
  }
  const venues = (input.venues ?? []).slice(0, MAX_PRICE_VENUES).map((venue) => venue.slice(0, 40));
  const observedAt =
    input.observedAt === undefined
      ? deploymentNowSql
      : sql`${input.observedAt.toISOString()}::timestamptz`;
  let accepted = true;
  let rejectedReason: string | null = null;
  if (input.source === 'MEDIAN') {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`price-observations:${input.collateralType}`}))`,
    );
    const at = input.observedAt ?? new Date();
    const [recent, [previous]] = await Promise.all([
      tx
        .select({ priceCents: priceObservations.priceCents })
        .from(priceObservations)
        .where(
          and(
            eq(priceObservations.collateralType, input.collateralType),
            eq(priceObservations.accepted, true),
            gte(priceObservations.observedAt, new Date(at.getTime() - WICK_GUARD_WINDOW_MS)),
            lt(priceObservations.observedAt, new Date(at.getTime() + 1)),
          ),
        ),
      tx
        .select({ priceCents: priceObservations.priceCents, accepted: priceObservations.accepted })
        .from(priceObservations)
        .where(eq(priceObservations.collateralType, input.collateralType))
        .orderBy(desc(priceObservations.id))
        .limit(1),
    ]);
    const decision = acceptPriceTick({
      priceCents: input.priceCents,
      recentAcceptedCents: recent.map((row) => row.priceCents),
      previous: previous ?? null,
    });
    accepted = decision.accepted;
    rejectedReason = decision.reason;
  }
  const [row] = await tx
    .insert(priceObservations)
    .values({
      collateralType: input.collateralType,
      priceCents: input.priceCents,
      source: input.source,
      venues,
      accepted,
      rejectedReason,
      observedAt: sql`${observedAt}`,
    })
    .returning();
  if (row === undefined) throw new Error('The price observation was not stored');
  return row;
}

/** The newest accepted price of a coin: the one the risk pass acts on. */
export async function latestAcceptedObservation(
  db: TDb,
  collateralType: string,
): Promise<TPriceObservationRow | null> {
  const [row] = await db
    .select()
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.collateralType, collateralType as TOfferedCollateralType),
        eq(priceObservations.accepted, true),
      ),
    )
    .orderBy(desc(priceObservations.id))
    .limit(1);
  return row ?? null;
}

export async function observationsById(
  db: TDb,
  ids: readonly number[],
): Promise<Map<number, TPriceObservationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(priceObservations)
    .where(inArray(priceObservations.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A stored price as the contract shows it (at most 10 venues, the contract's bound). */
export function toPriceObservationView(row: TPriceObservationRow): TPriceObservation {
  return {
    priceObservationId: row.id,
    type: row.collateralType,
    priceCents: row.priceCents,
    source: row.source,
    venues: row.venues.slice(0, 10),
    observedAt: row.observedAt.toISOString(),
  };
}
