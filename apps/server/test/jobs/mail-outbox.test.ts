/**
 * Every e-mail goes through the queue: otp/start answers at once even when the mail server
 * accepts the connection and never answers; delivery is retried, and a message that fails all its
 * attempts is listed for agents (recipient masked), who can retry it, unless it carries a one-time
 * code (code-email.test.ts: those are retried within seconds while the code lives, then never).
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOpsFailedMail, postOpsRetryMail } from '@pledge/contract';
import { createRealEmail, createSmtpTransport } from '../../src/adapters/email/real.js';
import { outbox } from '../../src/db/schema/index.js';
import { deliverCodeEmailJob } from '../../src/jobs/definitions/deliver-code-email.js';
import { deliverEmailJob } from '../../src/jobs/definitions/deliver-email.js';
import { deliverEmailHandler } from '../../src/jobs/handlers/deliver-email.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { queueEmail } from '../../src/services/email/queue-email.js';
import { RETRY_MAIL_MESSAGES } from '../../src/services/email/retry-failed-mail.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { OTP_CODE_TTL_MS } from '../../src/services/identity/sign-in-limits.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';
import { makeJobsDue, queuedJobs } from '../helpers/jobs.js';
import { signIn, startOtp } from '../identity/sign-in.js';
import { auditEventsOf } from '../helpers/audit-events.js';

describe('mail through the queue', () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let silentSmtp: net.Server;
  let smtpPort = 0;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    // Accepts every connection and never says a word.
    silentSmtp = net.createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (silentSmtp.address() as net.AddressInfo).port;
    app = await buildTestApp({ database, sandbox: false });
  });
  afterAll(async () => {
    await app.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silentSmtp.close(resolve));
  });

  it('answers otp/start at once while the mail server hangs; the code is queued to be sent while it lives', async () => {
    const started = performance.now();
    const response = await startOtp(app, 'Hang@Example.com', { remoteAddress: '10.70.0.1' });
    expect(response.statusCode).toBe(204);
    expect(performance.now() - started).toBeLessThan(2_000);
    const [code] = await database.db.select().from(outbox);
    expect(code).toMatchObject({
      kind: 'sign-in-code',
      status: 'queued',
      toAddress: 'hang@example.com',
    });
    // Outside the sandbox the code is stored only sealed.
    expect(code?.bodyText).toContain('sign-in code is [redacted].');
    expect(code?.sealedMessage).not.toBeNull();
    const [job] = await queuedJobs(database.db, { payloadLike: `%${code?.id ?? ''}%` });
    expect(job?.kind).toBe(deliverCodeEmailJob.kind);
    const { expiresAt } = job?.payload as { expiresAt: string };
    expect(Math.abs(Date.parse(expiresAt) - (Date.now() + OTP_CODE_TTL_MS))).toBeLessThan(5_000);
  });

  it('fails an e-mail after its attempts while the mail server hangs; an agent retries it, but never a code', async () => {
    const { outboxId } = await queueEmail(
      database.db,
      { cipher: createFieldCipher(TEST_ENCRYPTION_KEY), sandbox: false },
      'waitlist-confirmation',
      { to: 'hang@example.com', fromName: 'Pledge', subject: 'You are on the list', text: 'Hi' },
    );
    const [queued] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    const email = createRealEmail({
      fromAddress: 'no-reply@pledge.test',
      transport: createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, {
        connectionMs: 300,
        greetingMs: 300,
        socketMs: 300,
      }),
    });
    const worker = createJobWorker({
      db: database.db,
      registrations: [
        deliverEmailHandler({
          db: database.db,
          cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
          email,
          clock: () => new Date(),
        }),
      ] as never,
    });
    for (let attempt = 1; attempt <= deliverEmailJob.maxAttempts; attempt += 1) {
      await makeJobsDue(database.db);
      expect(await worker.runDue()).toBe(1);
    }
    const [failed] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id ?? ''));
    expect(failed).toMatchObject({ status: 'failed', attempts: deliverEmailJob.maxAttempts });
    expect(failed?.error).toMatch(/greeting|timeout/i);
    expect((await queuedJobs(database.db, { kindLike: deliverEmailJob.kind }))[0]?.isFailed).toBe(
      true,
    );

    await provisionAgents(database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [
      'mail-agent@example.com',
    ]);
    // The agent signs in through a sandbox app on the same database (its mailbox shows the code).
    const sandboxApp = await buildTestApp({ database });
    const agent = {
      token: await signIn(sandboxApp, 'mail-agent@example.com', { audience: 'agent' }),
    };
    await sandboxApp.close();
    const list = await app.inject({
      method: 'GET',
      url: getOpsFailedMail.path,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      messages: [
        expect.objectContaining({
          outboxId: queued?.id,
          recipient: 'h••••@example.com',
          kind: 'waitlist-confirmation',
          attempts: deliverEmailJob.maxAttempts,
        }),
      ],
    });
    expect(JSON.stringify(list.json())).not.toContain('hang@');

    const retryUrl = postOpsRetryMail.path.replace(':outboxId', queued?.id ?? '');
    const retry = () =>
      app.inject({
        method: 'POST',
        url: retryUrl,
        headers: { authorization: `Bearer ${agent.token}` },
      });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toEqual({ messages: [] });
    const [again] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id ?? ''));
    expect(again).toMatchObject({ status: 'queued', attempts: 0 });
    const jobs = await queuedJobs(database.db, { payloadLike: `%${queued?.id ?? ''}%` });
    expect(jobs.map((job) => [job.isFailed, job.attempts])).toEqual([[false, 0]]);
    const audit = await auditEventsOf(database.db, queued?.id ?? '');
    expect(audit).toHaveLength(1);

    // A code's e-mail that failed is not sent again: its code has expired.
    await database.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.kind, 'sign-in-code'));
    const [code] = await database.db.select().from(outbox).where(eq(outbox.kind, 'sign-in-code'));
    const codeRetry = await app.inject({
      method: 'POST',
      url: postOpsRetryMail.path.replace(':outboxId', code?.id ?? ''),
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(codeRetry.statusCode).toBe(409);
    expect(codeRetry.json()).toMatchObject({
      code: 'CODE_EMAIL_NOT_RESENT',
      message: RETRY_MAIL_MESSAGES.codeNotResent,
    });
    const [stillFailed] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, code?.id ?? ''));
    expect(stillFailed?.status).toBe('failed');
  }, 60_000);
});
