/**
 * A rolling upgrade whose new release contracts the schema, with real processes on one database:
 * instance A is this release; instance B stands for the next one (it serves compatibility level
 * RELEASE_COMPAT_LEVEL + 1, db/schema-compat.ts, and runs no job worker, so that any job that runs
 * is A's). Once B's contract migration raises the schema's level beyond A, A answers /readyz 503
 * with the reason, refuses requests and runs no more jobs, while B answers every request, none
 * with a 5xx, through the switch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_COMPAT_LEVEL } from '../../src/db/schema-compat.js';
import { shippedMigrations } from '../../src/db/migrate.js';
import { waitlistConfirmationJob } from '../../src/jobs/definitions/waitlist-confirmation.js';
import { useInstancesOnOneDatabase, waitFor, type TInstance } from './instances.js';

const LEAP = '/service-cryptopl-leap';
const STATES = `${LEAP}/insecure/api/v1/states/valid`;
const WAITLIST = `${LEAP}/insecure/api/v1/waitlist`;
const NEXT_LEVEL = RELEASE_COMPAT_LEVEL + 1;
const CONTRACT_REASON = 'waitlist.legacy_state dropped: releases before the next one read it';

const world = useInstancesOnOneDatabase([
  { name: 'instance A (this release)' },
  {
    name: 'instance B (the next release)',
    env: { COMPAT_LEVEL_UNDER_TEST: String(NEXT_LEVEL), JOB_WORKER: 'false' },
  },
]);
/** This release. */
let a: TInstance;
/** The next release: a level above, no job worker. */
let b: TInstance;

/** Each request its own client address (the instances trust X-Forwarded-For): no rate limit. */
let clientCount = 0;
function newClient(): string {
  clientCount += 1;
  return `198.51.100.${clientCount % 250}`;
}

function joinWaitlist(instance: TInstance, email: string): Promise<Response> {
  return instance.fetch(WAITLIST, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClient() },
    body: JSON.stringify({ email, state: 'TX' }),
  });
}

async function mailboxCount(to: string): Promise<number> {
  const response = await b.fetch(`/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: unknown[] }).messages.length;
}

/** Waitlist confirmations due now that no worker has taken. */
async function untakenConfirmations(): Promise<number> {
  const result = await world.database.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count
       FROM graphile_worker._private_jobs job
       JOIN graphile_worker._private_tasks task ON task.id = job.task_id
      WHERE task.identifier = $1 AND job.locked_at IS NULL AND job.run_at <= now()`,
    [waitlistConfirmationJob.kind],
  );
  return result.rows[0]?.count ?? 0;
}

beforeAll(() => {
  [a, b] = world.instances as [TInstance, TInstance];
});

describe('a rolling upgrade that contracts the schema', { timeout: 180_000 }, () => {
  it('takes the older instance out, jobs included, while the newer one serves every request', async () => {
    // Before: A runs the jobs (B has no worker).
    const before = `before-switch-${Date.now()}@example.com`;
    expect((await joinWaitlist(b, before)).status).toBe(202);
    await waitFor(
      'A to send the confirmation',
      async () => (await mailboxCount(before)) === 1,
      60_000,
      250,
    );

    // Traffic through B all along the switch.
    const statuses: { path: string; status: number }[] = [];
    let isSwitching = true;
    let trafficError: unknown;
    const traffic = (async () => {
      for (let round = 0; isSwitching; round += 1) {
        const requests: [string, Promise<Response>][] = [
          ['/readyz', b.fetch('/readyz')],
          [STATES, b.fetch(STATES)],
          [WAITLIST, joinWaitlist(b, `during-${round}-${Date.now()}@example.com`)],
        ];
        for (const [path, request] of requests) {
          const response = await request;
          await response.arrayBuffer();
          statuses.push({ path, status: response.status });
        }
      }
    })().catch((error: unknown) => {
      trafficError = error;
    });

    try {
      // B's contract migration: one more migration than A ships, and the level raised beyond A.
      const newest = shippedMigrations().at(-1)?.when ?? 0;
      await world.database.pool.query(
        'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
        ['next-release-contract', newest + 86_400_000],
      );
      await world.database.pool.query(
        `UPDATE schema_compat SET min_release_level = greatest(min_release_level, $1), reason = $2,
           changed_at = now()`,
        [NEXT_LEVEL, CONTRACT_REASON],
      );

      // A says why it is out, and refuses the rest.
      await waitFor(
        'A to answer not ready',
        async () => (await a.fetch('/readyz')).status === 503,
        60_000,
        200,
      );
      const refused = await a.fetch('/readyz');
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({
        code: 'SCHEMA_TOO_NEW',
        message: expect.stringContaining(
          `compatibility level ${NEXT_LEVEL} or later; this instance is level ${RELEASE_COMPAT_LEVEL} (${CONTRACT_REASON})`,
        ) as string,
      });
      const refusedRequest = await a.fetch(STATES);
      expect(refusedRequest.status).toBe(503);
      expect(await refusedRequest.json()).toMatchObject({ code: 'SCHEMA_TOO_NEW' });

      // ...and stops its jobs, saying so.
      await waitFor(
        'A to stop its job worker',
        async () => a.output().includes('job worker stopped: this instance refuses to serve'),
        60_000,
        200,
      );
      expect(a.output()).toContain(CONTRACT_REASON);
    } finally {
      isSwitching = false;
      await traffic;
    }
    expect(trafficError).toBeUndefined();

    // A job enqueued now is left for the next release's workers: A runs none.
    const untakenBefore = await untakenConfirmations();
    const after = `after-switch-${Date.now()}@example.com`;
    expect((await joinWaitlist(b, after)).status).toBe(202);
    // A's worker would take it within a poll or two (JOB_POLL_MS); give it several.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await mailboxCount(after)).toBe(0);
    expect(await untakenConfirmations()).toBe(untakenBefore + 1);
    expect(a.process.exitCode).toBeNull();

    // B answered everything through the switch, never with a 5xx.
    expect(statuses.length).toBeGreaterThanOrEqual(9);
    expect(statuses.filter(({ status }) => status >= 500)).toEqual([]);
    expect(
      statuses.filter(({ path }) => path === '/readyz').every(({ status }) => status === 200),
    ).toBe(true);
  });
});
