/**
 * The background job queue (see src/jobs): a job is enqueued in the transaction of the change that
 * needs it, and claimed by one worker at a time with FOR UPDATE SKIP LOCKED.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Not claimed before this time (a delay, or the backoff after a failed attempt). */
    runAt: timestamptz('run_at').notNull().defaultNow(),
    /** Attempts started so far, counted when claimed. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** Set while a worker runs the job; a lock older than the lease is reaped. */
    lockedAt: timestamptz('locked_at'),
    lockedBy: text('locked_by'),
    doneAt: timestamptz('done_at'),
    /** Set when the last attempt failed: the job is not retried again. */
    failedAt: timestamptz('failed_at'),
    /** At most one job per key, ever: enqueuing it again is a no-op. */
    dedupeKey: text('dedupe_key').unique('jobs_dedupe_key_unique'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    // What the workers scan: pending jobs by due time.
    index('jobs_pending_idx')
      .on(table.runAt)
      .where(
        sql`${table.doneAt} IS NULL AND ${table.failedAt} IS NULL AND ${table.lockedAt} IS NULL`,
      ),
    // What the reaper scans: running jobs by lock time.
    index('jobs_running_idx')
      .on(table.lockedAt)
      .where(sql`${table.lockedAt} IS NOT NULL AND ${table.doneAt} IS NULL`),
    check('jobs_attempts_bounded', sql`${table.attempts} >= 0 AND ${table.maxAttempts} >= 1`),
  ],
);
