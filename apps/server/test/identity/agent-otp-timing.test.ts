/**
 * An agent's code request answers after the same floor whatever the address, and never waits for
 * the mail server: a slow SMTP hand-over for a real agent would otherwise tell which addresses are
 * agents.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../src/adapters/index.js';
import type { TEmailMessage } from '../../src/adapters/email/port.js';
import { provisionAgents } from '../../src/services/identity/agents.js';
import { AGENT_OTP_START_ANSWER_MS } from '../../src/services/identity/sign-in-limits.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { startOtp } from './sign-in.js';

const AGENT = 'timing-agent@example.com';

describe('agent code request timing', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const handedOver: TEmailMessage[] = [];
  let releaseMail: () => void = () => undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    await provisionAgents(database.db, [AGENT]);
    const adapters = createAdapters({ config: { sandbox: true }, db: database.db });
    // A mail server that holds every message until the test lets it go.
    const held = new Promise<void>((resolve) => {
      releaseMail = resolve;
    });
    adapters.email = {
      async send(message) {
        handedOver.push(message);
        await held;
        return { id: '00000000-0000-4000-8000-000000000000', status: 'sent' };
      },
    };
    app = await buildTestApp({ database, adapters });
  });

  afterAll(async () => {
    releaseMail();
    await app.close();
    await database.drop();
  });

  async function timed(email: string, remoteAddress: string) {
    const started = performance.now();
    const response = await startOtp(app, email, { audience: 'agent', remoteAddress });
    return { status: response.statusCode, ms: performance.now() - started };
  }

  it('answers a real agent after the floor while the mail server still holds the message', async () => {
    const known = await timed(AGENT, '10.60.0.1');
    expect(known.status).toBe(204);
    expect(known.ms).toBeGreaterThanOrEqual(AGENT_OTP_START_ANSWER_MS - 5);
    // The answer came although the hand-over has not finished.
    expect(handedOver.map((message) => message.to)).toEqual([AGENT]);
  });

  it('answers an unknown address after the same floor, handing nothing to the mail server', async () => {
    const unknown = await timed('not-an-agent@example.com', '10.60.0.2');
    expect(unknown.status).toBe(204);
    expect(unknown.ms).toBeGreaterThanOrEqual(AGENT_OTP_START_ANSWER_MS - 5);
    expect(handedOver.map((message) => message.to)).toEqual([AGENT]);
  });
});
