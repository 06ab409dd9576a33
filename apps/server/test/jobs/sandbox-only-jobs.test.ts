import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TDb } from '../../src/db/pool.js';
import { identityAutoReviewJob } from '../../src/jobs/definitions/identity-auto-review.js';
import { enqueue } from '../../src/jobs/enqueue.js';
import { identityAutoReviewHandler } from '../../src/jobs/handlers/identity-auto-review.js';
import { SandboxOnlyJobError } from '../../src/jobs/job-definition.js';
import { createJobRegistrations, type TJobDeps } from '../../src/jobs/registry.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import { useTestDatabase } from '../helpers/db.js';
import { queuedJobs } from '../helpers/jobs.js';

/** A database handle that fails the test on any use: the refused job must not touch anything. */
const untouchableDb = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the refused job used the database (${String(property)})`);
    },
  },
) as TDb;

const DOCUMENT_UUID = '0b8f6d4e-2c1a-4e7b-9f3d-5a6c7b8d9e0f';

function registeredKinds(sandbox: boolean): string[] {
  const deps = {
    db: untouchableDb,
    cipher: {},
    adapters: { creditBureau: {}, email: {}, storage: {}, chain: {}, prices: {}, exchange: {} },
    sandbox,
  } as unknown as TJobDeps;
  return createJobRegistrations(deps).map((registration) => registration.definition.kind);
}

describe('sandbox-only job kinds', () => {
  const database = useTestDatabase();

  it('are registered in the sandbox only', () => {
    expect(identityAutoReviewJob.sandboxOnly).toBe(true);
    expect(registeredKinds(true)).toContain(identityAutoReviewJob.kind);
    const production = registeredKinds(false);
    expect(production).not.toContain(identityAutoReviewJob.kind);
    // Every other kind is still there.
    expect(production.length).toBe(registeredKinds(true).length - 1);
  });

  it('refuse to act outside the sandbox: the job fails for good, logged, with nothing done', async () => {
    const registration = identityAutoReviewHandler({
      db: untouchableDb,
      clock: () => new Date(),
      sandbox: false,
    });
    await expect(
      registration.handle(
        { documentUuid: DOCUMENT_UUID },
        { jobId: '1', attempt: 1, maxAttempts: 5 },
      ),
    ).rejects.toBeInstanceOf(SandboxOnlyJobError);

    // Through the queue, as a job enqueued before a switch out of the sandbox would run.
    const logged: { object: Record<string, unknown>; message: string }[] = [];
    const worker = createJobWorker({
      db: database.db,
      registrations: [registration as never],
      log: {
        info: () => undefined,
        warn: (object, message) => logged.push({ object: { ...object }, message }),
        error: (object, message) => logged.push({ object: { ...object }, message }),
      },
    });
    await enqueue(database.db, identityAutoReviewJob, { documentUuid: DOCUMENT_UUID });
    expect(await worker.runDue()).toBe(1);
    const [job] = await queuedJobs(database.db);
    expect(job).toMatchObject({ kind: identityAutoReviewJob.kind, isFailed: true, attempts: 1 });
    expect(job?.lastError).toMatch(/^SandboxOnlyJobError: .*runs only in the sandbox/);
    expect(logged).toEqual([
      {
        message: 'job failed for good',
        object: expect.objectContaining({
          kind: identityAutoReviewJob.kind,
          failure: expect.objectContaining({ class: 'SandboxOnlyJobError' }),
        }),
      },
    ]);
    await database.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
  });

  it('run in the sandbox', async () => {
    let touched = false;
    const db = new Proxy(
      {},
      {
        get() {
          touched = true;
          throw new Error('reached the review');
        },
      },
    ) as TDb;
    const registration = identityAutoReviewHandler({ db, clock: () => new Date(), sandbox: true });
    await expect(
      registration.handle(
        { documentUuid: DOCUMENT_UUID },
        { jobId: '1', attempt: 1, maxAttempts: 5 },
      ),
    ).rejects.toThrow('reached the review');
    expect(touched).toBe(true);
  });
});
