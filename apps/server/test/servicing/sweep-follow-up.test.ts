/**
 * A loan held locked by another transaction while the servicing sweep passes it (a payment, a
 * deferral or a liquidation in progress) is skipped, not waited for; the sweep then queues another
 * one shortly, which bills it, instead of leaving it to the next scheduled sweep.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApplicationsTestContext } from '../applications/helpers.js';
import { advanceDays, getLoan, openServicingWorld, runSweep, sandboxLoan } from './helpers.js';

const ctx = useApplicationsTestContext(openServicingWorld);

async function followUpJobs(): Promise<number> {
  const result = await ctx.database.db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'servicing-sweep' AND j.key LIKE 'servicing-sweep:follow-up:%'`);
  return result.rows[0]?.count ?? 0;
}

describe('the servicing sweep and locked loans', () => {
  it('skips a loan locked meanwhile, queues a follow-up, and the follow-up bills it', async () => {
    const loan = await sandboxLoan(ctx);
    await advanceDays(ctx, 31, loan);
    const before = await followUpJobs();

    // Another transaction holds the loan's servicing row for the whole sweep.
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM servicing_loans WHERE loan_uuid = $1 FOR UPDATE', [
        loan.loanUuid,
      ]);
      const skipped = await runSweep(ctx);
      expect(skipped.followUp).toBe(true);
      expect(await followUpJobs()).toBe(before + 1);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect((await getLoan(ctx, loan)).statements).toHaveLength(0);

    const caughtUp = await runSweep(ctx);
    expect(caughtUp.followUp).toBe(false);
    expect((await getLoan(ctx, loan)).statements).toHaveLength(1);
  });
});
