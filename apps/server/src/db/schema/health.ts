/**
 * What operators watch: each outside dependency's last probe (its last success and last error),
 * and the last time each background sweep finished. One row per dependency or sweep, the same for
 * every instance; the probes and the sweeps run once across the deployment, wherever they run.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** One outside dependency (the SMTP server, the credit bureau, a chain node, a price venue, Plaid). */
export const dependencyProbes = pgTable(
  'dependency_probes',
  {
    /** `smtp`, `credit-bureau`, `chain-btc`, `price-kraken` …: a short fixed name. */
    dependency: text('dependency').primaryKey(),
    /** Whether the last probe was answered. */
    isUp: boolean('is_up').notNull(),
    lastProbedAt: timestamptz('last_probed_at').notNull(),
    lastSuccessAt: timestamptz('last_success_at'),
    lastErrorAt: timestamptz('last_error_at'),
    /** The error's class (`Error`, `TimeoutError` …), its code (`ECONNREFUSED`, `HTTP_503` …) and a
     * short message with secrets and credentials taken out. */
    lastErrorClass: text('last_error_class'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
  },
  (table) => [
    check('dependency_probes_dependency_length', sql`char_length(${table.dependency}) <= 64`),
    check(
      'dependency_probes_error_message_length',
      sql`char_length(${table.lastErrorMessage}) <= 300`,
    ),
  ],
);

/** The last successful run of a background sweep (`risk.pass`, `servicing-sweep` …). */
export const sweepRuns = pgTable('sweep_runs', {
  sweep: text('sweep').primaryKey(),
  lastSucceededAt: timestamptz('last_succeeded_at').notNull(),
});

export type TDependencyProbeRow = typeof dependencyProbes.$inferSelect;
