/**
 * Every e-mail goes through the queue: otp/start answers at once even when the mail server
 * accepts the connection and never answers; delivery is retried, and a message that fails all its
 * attempts is listed for agents (recipient masked), who can retry it.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOpsFailedMail, postOpsRetryMail } from '@pledge/contract';
import { createRealEmail, createSmtpTransport } from '../../src/adapters/email/real.js';
import { auditEvents, outbox } from '../../src/db/schema/index.js';
import { deliverEmailJob } from '../../src/jobs/definitions/deliver-email.js';
import { deliverEmailHandler } from '../../src/jobs/handlers/deliver-email.js';
import { createJobWorker } from '../../src/jobs/worker.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { makeJobsDue, queuedJobs } from '../helpers/jobs.js';
import { signIn, startOtp } from '../identity/sign-in.js';

describe('mail through the queue', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let silentSmtp: net.Server;
  let smtpPort = 0;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
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
    await database.drop();
  });

  it('answers otp/start at once while the mail server hangs; fails after its attempts; an agent retries', async () => {
    const started = performance.now();
    const response = await startOtp(app, 'Hang@Example.com', { remoteAddress: '10.70.0.1' });
    expect(response.statusCode).toBe(204);
    expect(performance.now() - started).toBeLessThan(2_000);
    const [queued] = await database.db.select().from(outbox);
    expect(queued).toMatchObject({
      kind: 'sign-in-code',
      status: 'queued',
      toAddress: 'hang@example.com',
    });
    // Outside the sandbox the code is stored only sealed.
    expect(queued?.bodyText).toContain('sign-in code is [redacted].');
    expect(queued?.sealedMessage).not.toBeNull();

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
    expect((await queuedJobs(database.db))[0]?.isFailed).toBe(true);

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
          kind: 'sign-in-code',
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
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, queued?.id ?? ''));
    expect(audit).toHaveLength(1);
  }, 60_000);
});
