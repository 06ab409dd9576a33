/**
 * The last successful run of each background sweep, for the metrics (seconds since the last risk
 * pass, servicing sweep, settlement run): one row per sweep, written where the sweep finishes, so
 * it is true whichever instance ran it.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { sweepRuns } from '../../db/schema/index.js';

export const SWEEPS = ['risk-pass', 'servicing-sweep', 'settlement'] as const;
export type TSweep = (typeof SWEEPS)[number];

export async function recordSweepRun(db: TDb, sweep: TSweep, at: Date): Promise<void> {
  await db
    .insert(sweepRuns)
    .values({ sweep, lastSucceededAt: at })
    .onConflictDoUpdate({
      target: sweepRuns.sweep,
      // Never backwards: a run that finished late does not hide a newer one.
      set: {
        lastSucceededAt: sql`GREATEST(${sweepRuns.lastSucceededAt}, excluded.last_succeeded_at)`,
      },
    });
}
