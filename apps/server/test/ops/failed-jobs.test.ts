/**
 * The console's failed jobs: every kind, retrying or dead, newest failure first, in pages; an
 * agent retries one now or discards it with a reason, audited; one agent may not discard a kind
 * that moves money; only agents see or touch any of it.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  getOpsFailedJobs,
  postOpsDiscardFailedJob,
  postOpsRetryFailedJob,
  type TGetOpsFailedJobsResponse,
} from '@pledge/contract';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { outbox } from '../../src/db/schema/index.js';
import { deliverEmailJob } from '../../src/jobs/definitions/deliver-email.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { queueEmail } from '../../src/services/email/queue-email.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { creditCheckJob } from '../../src/jobs/definitions/credit-check.js';
import { servicingSweepJob } from '../../src/jobs/definitions/servicing-sweep.js';
import { statementDeliveryJob } from '../../src/jobs/definitions/statement-delivery.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import type { TJobDefinition } from '../../src/jobs/job-definition.js';
import { newBorrower } from '../applications/helpers.js';
import { queuedJobs } from '../helpers/jobs.js';
import { bearer } from '../identity/sign-in.js';
import { expectJson, useAgentContext } from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const jobPath = (path: string, jobId: string) => path.replace(':jobId', jobId);

describe('failed jobs in the agent console', () => {
  const { ctx, agent } = useAgentContext();

  beforeEach(async () => {
    await ctx.database.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
  });

  /** A job of the kind that failed `attempts` times, its last attempt `minutesAgo` ago. */
  async function failedJob<TPayload>(
    definition: TJobDefinition<TPayload>,
    payload: TPayload,
    options: { attempts: number; minutesAgo: number; error?: string },
  ): Promise<string> {
    const { id } = await enqueue(ctx.database.db, definition, payload);
    // The queue records a failure as run_at = end of the attempt + e^attempts seconds.
    await ctx.database.db.execute(sql`
      UPDATE graphile_worker._private_jobs
      SET attempts = ${options.attempts},
        last_error = ${options.error ?? 'Error [ECONNREFUSED]: connect ECONNREFUSED 10.0.0.9:443'},
        run_at = now() - make_interval(mins => ${options.minutesAgo})
          + make_interval(secs => exp(least(${options.attempts}, 10))),
        created_at = now() - interval '1 day', updated_at = now() - interval '1 day'
      WHERE id = ${id}::bigint`);
    return id;
  }

  /** A credit check that used up its attempts, the last 3 minutes ago: one for an agent to act on. */
  const deadCreditCheck = () =>
    failedJob(
      creditCheckJob,
      { appUuid: randomUUID() },
      { attempts: creditCheckJob.maxAttempts, minutesAgo: 3 },
    );

  const list = (query = '', token = agent.token) =>
    ctx.app.inject({
      method: 'GET',
      url: `${getOpsFailedJobs.path}${query}`,
      headers: bearer(token),
    });
  const act = (path: string, jobId: string, reason: unknown, token = agent.token) =>
    ctx.app.inject({
      method: 'POST',
      url: jobPath(path, jobId),
      headers: bearer(token),
      payload: { reason },
    });

  it('lists retrying and dead jobs of every kind, newest failure first, without their payload', async () => {
    const appUuid = randomUUID();
    const statementUuid = randomUUID();
    const dead = await failedJob(
      creditCheckJob,
      { appUuid },
      {
        attempts: creditCheckJob.maxAttempts,
        minutesAgo: 1,
      },
    );
    const retrying = await failedJob(
      statementDeliveryJob,
      { statementUuid },
      {
        attempts: 2,
        minutesAgo: 30,
      },
    );
    const sweep = await failedJob(
      servicingSweepJob,
      {},
      {
        attempts: servicingSweepJob.maxAttempts,
        minutesAgo: 90,
      },
    );
    // Waiting and never failed: not listed.
    await enqueue(ctx.database.db, creditCheckJob, { appUuid: randomUUID() });

    const body = expectJson(await list(), 200) as TGetOpsFailedJobsResponse;
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((item) => item.jobId)).toEqual([dead, retrying, sweep]);
    expect(body.items[0]).toMatchObject({
      kind: creditCheckJob.kind,
      status: 'DEAD',
      attempts: creditCheckJob.maxAttempts,
      maxAttempts: creditCheckJob.maxAttempts,
      lastError: 'Error [ECONNREFUSED]: connect ECONNREFUSED 10.0.0.9:443',
      nextAttemptAt: null,
      subject: { type: 'APPLICATION', id: appUuid },
      discardRefusal: null,
    });
    expect(
      Math.abs(Date.parse(body.items[0]?.failedAt ?? '') - (Date.now() - 60_000)),
    ).toBeLessThan(10_000);
    expect(body.items[1]).toMatchObject({
      status: 'RETRYING',
      attempts: 2,
      subject: { type: 'STATEMENT', id: statementUuid },
    });
    expect(Date.parse(body.items[1]?.nextAttemptAt ?? '')).toBeGreaterThan(
      Date.parse(body.items[1]?.failedAt ?? ''),
    );
    expect(body.items[2]).toMatchObject({ kind: servicingSweepJob.kind, subject: null });
    expect(body.items[2]?.discardRefusal).toMatch(/moves money/);
    expect(body.items[0]).not.toHaveProperty('payload');
  });

  it('pages by cursor, and refuses a cursor it did not give', async () => {
    const ids: string[] = [];
    for (let minutesAgo = 1; minutesAgo <= 5; minutesAgo += 1) {
      ids.push(
        await failedJob(creditCheckJob, { appUuid: randomUUID() }, { attempts: 1, minutesAgo }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const query: string =
        cursor === null ? '?limit=2' : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const body = expectJson(await list(query), 200) as TGetOpsFailedJobsResponse;
      seen.push(...body.items.map((item) => item.jobId));
      cursor = body.nextCursor;
      if (cursor === null) break;
    }
    expect(seen).toEqual(ids);
    expect(cursor).toBeNull();
    const bad = await list('?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect((await list('?limit=1000')).statusCode).toBe(400);
  });

  it('retries a failed job now with a full set of attempts, once, audited with the reason', async () => {
    const jobId = await deadCreditCheck();
    const retried = await act(postOpsRetryFailedJob.path, jobId, '  Bureau back up  ');
    expect(expectJson(retried, 200)).toEqual({ jobId, outcome: 'RETRIED' });
    const [job] = await queuedJobs(ctx.database.db);
    expect(job).toMatchObject({ id: jobId, attempts: 0, isFailed: false, lastError: null });
    expect(job?.maxAttempts).toBe(creditCheckJob.maxAttempts);
    expect(Math.abs((job?.runAt.getTime() ?? 0) - Date.now())).toBeLessThan(10_000);

    // A double click: the second finds nothing failed and changes nothing.
    const again = await act(postOpsRetryFailedJob.path, jobId, 'Bureau back up');
    expect(expectJson(again, 409)).toMatchObject({ code: 'JOB_NOT_FAILED' });
    const audit = await auditEventsOf(ctx.database.db, jobId, { entityType: 'job' });
    expect(audit).toEqual([
      expect.objectContaining({
        actor: agent.identityUuid,
        fromState: 'DEAD',
        toState: 'QUEUED',
        reason: `${creditCheckJob.kind}: Bureau back up`,
      }),
    ]);
    expect((await list()).json()).toEqual({ items: [], nextCursor: null });
  });

  it('discards a failed job of a kind that moves no money, audited with the reason', async () => {
    const jobId = await failedJob(
      statementDeliveryJob,
      { statementUuid: randomUUID() },
      {
        attempts: 2,
        minutesAgo: 3,
      },
    );
    const discarded = await act(postOpsDiscardFailedJob.path, jobId, 'Statement sent by hand');
    expect(expectJson(discarded, 200)).toEqual({ jobId, outcome: 'DISCARDED' });
    expect(await queuedJobs(ctx.database.db)).toEqual([]);
    const [audit] = await auditEventsOf(ctx.database.db, jobId, { entityType: 'job' });
    expect(audit).toMatchObject({
      actor: agent.identityUuid,
      fromState: 'RETRYING',
      toState: 'DISCARDED',
      reason: `${statementDeliveryJob.kind}: Statement sent by hand`,
    });
    const gone = await act(postOpsDiscardFailedJob.path, jobId, 'Statement sent by hand');
    expect(expectJson(gone, 404)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses to let one agent discard a job that moves money; it can be retried', async () => {
    const jobId = await failedJob(
      servicingSweepJob,
      {},
      {
        attempts: servicingSweepJob.maxAttempts,
        minutesAgo: 3,
      },
    );
    const refused = await act(postOpsDiscardFailedJob.path, jobId, 'Looks stuck');
    expect(expectJson(refused, 409)).toMatchObject({
      code: 'JOB_DISCARD_REFUSED',
      message: expect.stringMatching(
        /moves money or changes who owns what.*one agent may not discard it/,
      ),
    });
    expect((await queuedJobs(ctx.database.db)).map((job) => job.id)).toEqual([jobId]);
    const audit = await auditEventsOf(ctx.database.db, jobId, { entityType: 'job' });
    expect(audit).toEqual([]);
    expect((await act(postOpsRetryFailedJob.path, jobId, 'Bank back up')).statusCode).toBe(200);
  });

  it('keeps an e-mail job’s outbox message in step: queued again on a retry, failed on a discard', async () => {
    const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
    const message = { to: 'ada@example.com', fromName: 'Pledge', subject: 'Hello', text: 'Hi' };
    const first = await queueEmail(
      ctx.database.db,
      { cipher, sandbox: false },
      'waitlist-confirmation',
      message,
    );
    const second = await queueEmail(
      ctx.database.db,
      { cipher, sandbox: false },
      'waitlist-confirmation',
      message,
    );
    const [firstJob, secondJob] = await queuedJobs(ctx.database.db, {
      kindLike: deliverEmailJob.kind,
    });
    // The first failed for good (its message failed with it), the second is still retrying.
    await ctx.database.db.execute(sql`
      UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'Error: 421'
      WHERE id = ${firstJob?.id ?? ''}::bigint`);
    await ctx.database.db
      .update(outbox)
      .set({ status: 'failed', attempts: deliverEmailJob.maxAttempts, error: '421' })
      .where(eq(outbox.id, first.outboxId));
    await ctx.database.db.execute(sql`
      UPDATE graphile_worker._private_jobs SET attempts = 2, last_error = 'Error: 421'
      WHERE id = ${secondJob?.id ?? ''}::bigint`);

    const listed = expectJson(await list(), 200) as TGetOpsFailedJobsResponse;
    expect(listed.items.map((item) => item.subject)).toEqual(
      expect.arrayContaining([
        { type: 'EMAIL', id: first.outboxId },
        { type: 'EMAIL', id: second.outboxId },
      ]),
    );
    expect(JSON.stringify(listed)).not.toContain('ada@');

    expect(
      (await act(postOpsRetryFailedJob.path, firstJob?.id ?? '', 'Mail server fixed')).statusCode,
    ).toBe(200);
    expect(
      (await act(postOpsDiscardFailedJob.path, secondJob?.id ?? '', 'Sent by hand')).statusCode,
    ).toBe(200);
    const rows = await ctx.database.db.select().from(outbox);
    const statusOf = (id: string) => rows.find((row) => row.id === id);
    expect(statusOf(first.outboxId)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(statusOf(second.outboxId)).toMatchObject({ status: 'failed' });
    await ctx.database.db.delete(outbox);
  });

  it('needs a bounded reason and a job id, and changes nothing otherwise', async () => {
    const jobId = await deadCreditCheck();
    for (const reason of ['', '   ', 'x'.repeat(OPS_REASON_MAX_LENGTH + 1), undefined]) {
      expect((await act(postOpsRetryFailedJob.path, jobId, reason)).statusCode).toBe(400);
      expect((await act(postOpsDiscardFailedJob.path, jobId, reason)).statusCode).toBe(400);
    }
    expect((await act(postOpsRetryFailedJob.path, 'abc', 'reason')).statusCode).toBe(400);
    expect((await act(postOpsRetryFailedJob.path, '999999', 'reason')).statusCode).toBe(404);
    expect((await queuedJobs(ctx.database.db))[0]).toMatchObject({ id: jobId, isFailed: true });
  });

  it('answers 401 without a token and to a borrower (not an agent audience)', async () => {
    const jobId = await deadCreditCheck();
    const anonymous = [
      await ctx.app.inject({ method: 'GET', url: getOpsFailedJobs.path }),
      await ctx.app.inject({
        method: 'POST',
        url: jobPath(postOpsRetryFailedJob.path, jobId),
        payload: { reason: 'x' },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: jobPath(postOpsDiscardFailedJob.path, jobId),
        payload: { reason: 'x' },
      }),
    ];
    expect(anonymous.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    const borrower = await newBorrower(ctx.app);
    const asBorrower = [
      await list('', borrower.token),
      await act(postOpsRetryFailedJob.path, jobId, 'x', borrower.token),
      await act(postOpsDiscardFailedJob.path, jobId, 'x', borrower.token),
    ];
    expect(asBorrower.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    expect((await queuedJobs(ctx.database.db))[0]).toMatchObject({ id: jobId, isFailed: true });
  });
});
