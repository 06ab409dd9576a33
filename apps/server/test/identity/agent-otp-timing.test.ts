/**
 * An agent's code request answers after the same floor whatever the address, and never waits for
 * the mail server: a slow SMTP hand-over for a real agent would otherwise tell which addresses are
 * agents.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { AGENT_OTP_START_ANSWER_MS } from '../../src/services/identity/sign-in-limits.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { startOtp } from './sign-in.js';
import { closeTestApp } from '../helpers/test-app.js';

const AGENT = 'timing-agent@example.com';

describe('agent code request timing', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await provisionAgents(database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [AGENT]);
    app = await buildTestApp({ database });
  });

  afterAll(() => closeTestApp({ database, app }));

  async function timed(email: string, remoteAddress: string) {
    const started = performance.now();
    const response = await startOtp(app, email, { audience: 'agent', remoteAddress });
    return { status: response.statusCode, ms: performance.now() - started };
  }

  async function queuedTo(address: string) {
    return database.db.select().from(outbox).where(eq(outbox.toAddress, address));
  }

  it('answers a real agent after the floor, with the code queued and not yet delivered', async () => {
    const known = await timed(AGENT, '10.60.0.1');
    expect(known.status).toBe(204);
    expect(known.ms).toBeGreaterThanOrEqual(AGENT_OTP_START_ANSWER_MS - 5);
    // No worker runs here: the answer did not wait for any delivery.
    expect((await queuedTo(AGENT)).map((row) => [row.kind, row.status])).toEqual([
      ['sign-in-code', 'queued'],
    ]);
  });

  it('answers an unknown address after the same floor, queueing nothing', async () => {
    const unknown = await timed('not-an-agent@example.com', '10.60.0.2');
    expect(unknown.status).toBe(204);
    expect(unknown.ms).toBeGreaterThanOrEqual(AGENT_OTP_START_ANSWER_MS - 5);
    expect(await queuedTo('not-an-agent@example.com')).toEqual([]);
  });
});
