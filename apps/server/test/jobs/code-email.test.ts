/**
 * A one-time code's e-mail is retried within seconds while the code lives, not on the queue's
 * backoff that grows to minutes (a 90 s mail outage delivered the code 235 s late), and is not
 * delivered at all once the code has expired.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TEmailMessage, TEmailPort } from '../../src/adapters/email/port.js';
import { outbox } from '../../src/db/schema/index.js';
import {
  CODE_EMAIL_MAX_RETRY_MS,
  deliverCodeEmailJob,
  LONGEST_CODE_TTL_MS,
} from '../../src/jobs/definitions/deliver-code-email.js';
import { deliverCodeEmailHandler } from '../../src/jobs/handlers/deliver-code-email.js';
import { retryBackoffMs } from '../../src/jobs/job-definition.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { CODE_EXPIRED_ERROR } from '../../src/services/email/deliver-email.js';
import { queueEmail } from '../../src/services/email/queue-email.js';
import { OTP_CODE_TTL_MS } from '../../src/services/identity/sign-in-limits.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';
import { makeJobsDue, queuedJobs } from '../helpers/jobs.js';

const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

/** A mail server that refuses the first `failures` messages, then takes every one. */
function flakyMailer(failures: number) {
  const delivered: Omit<TEmailMessage, 'secrets'>[] = [];
  let calls = 0;
  const port: TEmailPort = {
    isSandbox: false,
    async deliver(message) {
      calls += 1;
      if (calls <= failures) {
        throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.25:587'), {
          code: 'ECONNREFUSED',
        });
      }
      delivered.push(message);
      return { providerMessageId: `id-${calls}` };
    },
  };
  return { port, delivered, calls: () => calls };
}

describe('the e-mail of a one-time code', () => {
  const database = useTestDatabase();
  let now = new Date();
  const clock = () => now;

  afterEach(async () => {
    await database.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
    await database.db.delete(outbox);
  });

  async function queueCode(): Promise<{ outboxId: string; expiresAt: Date }> {
    now = new Date();
    const expiresAt = new Date(now.getTime() + OTP_CODE_TTL_MS);
    const { outboxId } = await queueEmail(
      database.db,
      { cipher, sandbox: false },
      'sign-in-code',
      {
        to: 'ada@example.com',
        fromName: 'Pledge',
        subject: 'Your sign-in code',
        text: 'Your sign-in code is 493021.',
        secrets: ['493021'],
      },
      { codeExpiresAt: expiresAt },
    );
    return { outboxId, expiresAt };
  }

  /** A job worker that runs the code e-mail's delivery only, through `email`. */
  function codeEmailWorker(email: TEmailPort) {
    return createJobWorker({
      db: database.db,
      registrations: [deliverCodeEmailHandler({ db: database.db, cipher, email, clock })] as never,
    });
  }

  it('is retried within seconds while the mail server is down, and delivered once it is back', async () => {
    const failures = 5;
    const mailer = flakyMailer(failures);
    const worker = codeEmailWorker(mailer.port);
    const { outboxId } = await queueCode();
    const waitsMs: number[] = [];
    for (let attempt = 1; attempt <= failures; attempt += 1) {
      expect(await worker.runDue()).toBe(1);
      const [job] = await queuedJobs(database.db);
      expect(job).toMatchObject({
        kind: deliverCodeEmailJob.kind,
        attempts: attempt,
        isFailed: false,
        lastError: `EmailNotDeliveredError [ECONNREFUSED]: The e-mail ${outboxId} was not delivered: connect ECONNREFUSED 10.0.0.25:587`,
        dedupeKey: `email.deliver:${outboxId}`,
      });
      waitsMs.push((job?.runAt.getTime() ?? 0) - Date.now());
      await makeJobsDue(database.db);
    }
    expect(await worker.runDue()).toBe(1);
    expect(mailer.calls()).toBe(failures + 1);
    expect(mailer.delivered.map((message) => message.text)).toEqual([
      'Your sign-in code is 493021.',
    ]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    expect(row).toMatchObject({ status: 'sent', attempts: failures + 1, error: null });
    expect(await queuedJobs(database.db)).toEqual([]);

    // 1 s, 2 s, 4 s, 8 s, 10 s: never more than the cap, far below the queue's own backoff.
    const expectedMs = [1_000, 2_000, 4_000, 8_000, 10_000];
    waitsMs.forEach((waitMs, index) => {
      expect(waitMs).toBeGreaterThan((expectedMs[index] ?? 0) - 1_500);
      expect(waitMs).toBeLessThanOrEqual((expectedMs[index] ?? 0) + 200);
      expect(waitMs).toBeLessThan(retryBackoffMs(index + 1));
    });
    const waitedMs = expectedMs.reduce((sum, ms) => sum + ms, 0);
    const queueBackoffMs = [1, 2, 3, 4, 5].reduce((sum, n) => sum + Math.exp(n) * 1_000, 0);
    expect(waitedMs).toBe(25_000);
    expect(queueBackoffMs).toBeGreaterThan(230_000);
  });

  it('is not delivered once the code has expired, and not tried again', async () => {
    const mailer = flakyMailer(2);
    const worker = codeEmailWorker(mailer.port);
    const { outboxId, expiresAt } = await queueCode();
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      expect(await worker.runDue()).toBe(1);
      await makeJobsDue(database.db);
    }
    // The mail server is back, but only after the code died.
    now = new Date(expiresAt.getTime());
    expect(await worker.runDue()).toBe(1);
    expect(mailer.calls()).toBe(2);
    expect(mailer.delivered).toEqual([]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    expect(row).toMatchObject({ status: 'failed', error: CODE_EXPIRED_ERROR, sealedMessage: null });
    expect(await queuedJobs(database.db)).toEqual([]);
  });

  it('has no more attempts than its waits allow within the life of a code', () => {
    let waitedMs = 0;
    for (let failed = 1; failed < deliverCodeEmailJob.maxAttempts; failed += 1) {
      const delayMs = deliverCodeEmailJob.retryDelayMs?.(failed) ?? Infinity;
      expect(delayMs).toBeLessThanOrEqual(CODE_EMAIL_MAX_RETRY_MS);
      waitedMs += delayMs;
    }
    expect(waitedMs).toBeLessThanOrEqual(LONGEST_CODE_TTL_MS);
    // One more attempt would start after the code died.
    const nextMs = deliverCodeEmailJob.retryDelayMs?.(deliverCodeEmailJob.maxAttempts) ?? 0;
    expect(waitedMs + nextMs).toBeGreaterThan(LONGEST_CODE_TTL_MS);
  });

  it('is failed for good after its last attempt within the code’s life', async () => {
    const mailer = flakyMailer(Number.MAX_SAFE_INTEGER);
    const worker = codeEmailWorker(mailer.port);
    const { outboxId } = await queueCode();
    for (let attempt = 1; attempt <= deliverCodeEmailJob.maxAttempts; attempt += 1) {
      await makeJobsDue(database.db);
      expect(await worker.runDue()).toBe(1);
    }
    const [job] = await queuedJobs(database.db);
    expect(job).toMatchObject({ isFailed: true, attempts: deliverCodeEmailJob.maxAttempts });
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    expect(row?.status).toBe('failed');
    expect(mailer.delivered).toEqual([]);
  }, 60_000);
});
