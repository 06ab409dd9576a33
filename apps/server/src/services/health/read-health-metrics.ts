/**
 * What the metrics read from the database at each scrape, the same whichever instance is scraped:
 * the age of the risk engine's newest accepted price per coin, when each sweep last finished, the
 * jobs running per kind, each dependency's last probe, and the deposit addresses of open loans
 * whose last confirmed balance is below the ledger's coins. Each is one small indexed query.
 */
import { sql } from 'drizzle-orm';
import { OFFERED_COLLATERAL_TYPES } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { IS_FAILED_JOB } from '../../jobs/dead-letters.js';
import { WATCHED_LOAN_STATUSES } from '../risk/add-loan-collateral.js';

export interface THealthMetrics {
  /** The observed time of the newest accepted price per coin (none yet: absent). */
  newestPriceAt: Record<string, Date>;
  /** The last successful run per sweep (`risk-pass`, `servicing-sweep`, `settlement`). */
  sweepSucceededAt: Record<string, Date>;
  /** Jobs a worker holds now, per kind. */
  runningByKind: Record<string, number>;
  /** Open loans' deposit addresses last read below the ledger's coins, per coin (none: absent). */
  collateralShortByCoin: Record<string, number>;
  dependencies: {
    dependency: string;
    isUp: boolean;
    lastProbedAt: Date;
    lastSuccessAt: Date | null;
  }[];
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export async function readHealthMetrics(db: TDb): Promise<THealthMetrics> {
  // The newest accepted price of each coin: one backward step of price_observations_type_idx each.
  const coins = sql.join(
    OFFERED_COLLATERAL_TYPES.map((coin) => sql`(${coin})`),
    sql`, `,
  );
  const [prices, sweeps, running, dependencies, short] = await Promise.all([
    db.execute<{ coin: string; observed_at: Date | string }>(sql`
      SELECT coin.type AS coin, newest.observed_at
      FROM (VALUES ${coins}) AS coin(type)
      CROSS JOIN LATERAL (
        SELECT observed_at FROM price_observations
        WHERE collateral_type = coin.type AND accepted
        ORDER BY observed_at DESC, id DESC LIMIT 1
      ) newest`),
    db.execute<{ sweep: string; last_succeeded_at: Date | string }>(
      sql`SELECT sweep, last_succeeded_at FROM sweep_runs`,
    ),
    db.execute<{ kind: string; running: number }>(sql`
      SELECT task.identifier AS kind, count(*)::int AS running
      FROM graphile_worker._private_jobs job
      JOIN graphile_worker._private_tasks task ON task.id = job.task_id
      WHERE job.locked_at IS NOT NULL AND NOT (${IS_FAILED_JOB})
      GROUP BY task.identifier`),
    db.execute<{
      dependency: string;
      is_up: boolean;
      last_probed_at: Date | string;
      last_success_at: Date | string | null;
    }>(sql`SELECT dependency, is_up, last_probed_at, last_success_at FROM dependency_probes`),
    // The partial index of short addresses: as many rows as there are discrepancies.
    db.execute<{ coin: string; short: number }>(sql`
      SELECT balance.collateral_type AS coin, count(*)::int AS short
      FROM collateral_address_balances balance
      JOIN servicing_loans loan ON loan.loan_uuid = balance.application_uuid
      WHERE balance.is_short AND loan.status IN (${sql.join(
        WATCHED_LOAN_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      GROUP BY balance.collateral_type`),
  ]);
  return {
    newestPriceAt: Object.fromEntries(
      prices.rows.map((row) => [row.coin, asDate(row.observed_at)]),
    ),
    sweepSucceededAt: Object.fromEntries(
      sweeps.rows.map((row) => [row.sweep, asDate(row.last_succeeded_at)]),
    ),
    runningByKind: Object.fromEntries(running.rows.map((row) => [row.kind, row.running])),
    collateralShortByCoin: Object.fromEntries(short.rows.map((row) => [row.coin, row.short])),
    dependencies: dependencies.rows.map((row) => ({
      dependency: row.dependency,
      isUp: row.is_up,
      lastProbedAt: asDate(row.last_probed_at),
      lastSuccessAt: row.last_success_at === null ? null : asDate(row.last_success_at),
    })),
  };
}
