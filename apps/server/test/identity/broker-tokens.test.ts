import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetFigureInfoResponse, TPostLogoutResponse } from '@pledge/contract';
import { SESSION_LIMITS } from '@pledge/domain';
import { agents } from '../../src/db/schema/index.js';
import { createJwtService } from '../../src/security/jwt.js';
import { SANDBOX_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import { TEST_JWT_PRIVATE_KEY, buildTestApp } from '../helpers/app.js';
import type { TTestDatabase } from '../helpers/db.js';
import {
  bearer,
  brokerPath,
  latestCode,
  mailbox,
  manualClock,
  signIn,
  startOtp,
  verifyOtp,
} from './sign-in.js';
import { createSeededDatabase } from '../helpers/seeded-db.js';
import { closeTestApp } from '../helpers/test-app.js';

const CUSTOMER_FIGURE = brokerPath('customer', '/secure/api/v3/self/figureinfo');
const AGENT_FIGURE = brokerPath('agent', '/secure/api/v3/self/figureinfo');
const UNAUTHENTICATED = { code: 'UNAUTHENTICATED', message: 'Unauthenticated' };

describe('identity broker: tokens, audiences and logout', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const time = manualClock();

  beforeAll(async () => {
    database = await createSeededDatabase(['Second.Agent@Example.com']);
    app = await buildTestApp({ database, clock: time.clock });
  });
  afterAll(() => closeTestApp({ database, app }));

  async function figure(path: string, headers: Record<string, string> = {}) {
    return app.inject({ method: 'GET', url: path, headers });
  }

  it('answers 401 without a token, or with one that is not a token of ours', async () => {
    const other = createJwtService({
      privateKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    });
    const forged = await other.issue({
      subject: '6f1c2d3e-4b5a-4c6d-8e7f-8a9b0c1d2e3f',
      audience: 'customer',
    });
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.token' },
      { authorization: 'Basic YWRhOnBhc3M=' },
      bearer(forged.jwt),
      bearer(`${'a'.repeat(3000)}.b.c`),
    ]) {
      const response = await figure(CUSTOMER_FIGURE, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it('refuses a valid token of an identity that does not exist', async () => {
    const ours = createJwtService({ privateKey: TEST_JWT_PRIVATE_KEY, clock: time.clock });
    const token = await ours.issue({
      subject: '6f1c2d3e-4b5a-4c6d-8e7f-8a9b0c1d2e3f',
      audience: 'customer',
    });
    expect((await figure(CUSTOMER_FIGURE, bearer(token.jwt))).statusCode).toBe(401);
  });

  it('keeps the audiences apart', async () => {
    const customer = await signIn(app, 'both@example.com');
    expect((await figure(CUSTOMER_FIGURE, bearer(customer))).statusCode).toBe(200);
    expect((await figure(AGENT_FIGURE, bearer(customer))).statusCode).toBe(401);

    const agent = await signIn(app, SANDBOX_AGENT_EMAIL, { audience: 'agent' });
    expect((await figure(CUSTOMER_FIGURE, bearer(agent))).statusCode).toBe(401);
    const answer = await figure(AGENT_FIGURE, bearer(agent));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      email: SANDBOX_AGENT_EMAIL,
      userType: 'agent',
      // The previous release's names, one release more: an agent's answer is a broker's.
      profileType: 'agent',
      isBroker: true,
    } satisfies Partial<TGetFigureInfoResponse>);
  });

  it('refuses the token of a session left idle too long', async () => {
    const jwt = await signIn(app, 'expiring@example.com');
    expect((await figure(CUSTOMER_FIGURE, bearer(jwt))).statusCode).toBe(200);
    time.advance((SESSION_LIMITS.customer.idleTimeoutMinutes + 1) * 60_000);
    expect((await figure(CUSTOMER_FIGURE, bearer(jwt))).statusCode).toBe(401);
  });

  it('revokes the token on logout, everywhere', async () => {
    const jwt = await signIn(app, 'leaving@example.com');
    const other = await signIn(app, 'leaving@example.com');
    const logout = await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/secure/api/v3/logout'),
      headers: bearer(jwt),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ redirectUrl: '/auth/login' } satisfies TPostLogoutResponse);

    expect((await figure(CUSTOMER_FIGURE, bearer(jwt))).statusCode).toBe(401);
    const legacy = await app.inject({
      method: 'GET',
      url: '/identity/secure/api/v1/identity',
      headers: bearer(jwt),
    });
    expect(legacy.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/secure/api/v3/logout'),
      headers: bearer(jwt),
    });
    expect(again.statusCode).toBe(401);
    // Another session of the same person is not signed out.
    expect((await figure(CUSTOMER_FIGURE, bearer(other))).statusCode).toBe(200);
  });

  it('answers an agent logout with the agent sign-in page', async () => {
    const jwt = await signIn(app, SANDBOX_AGENT_EMAIL, { audience: 'agent' });
    const logout = await app.inject({
      method: 'POST',
      url: brokerPath('agent', '/secure/api/v3/logout'),
      headers: bearer(jwt),
    });
    expect(logout.json()).toEqual({ redirectUrl: '/auth/login?audience=agent' });
    expect((await figure(AGENT_FIGURE, bearer(jwt))).statusCode).toBe(401);
  });

  it('answers 401 to logout without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: brokerPath('customer', '/secure/api/v3/logout'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('signs in agents of AGENT_EMAILS, whatever the case of the address', async () => {
    const jwt = await signIn(app, 'second.agent@example.com', { audience: 'agent' });
    expect((await figure(AGENT_FIGURE, bearer(jwt))).json()).toMatchObject({
      email: 'second.agent@example.com',
    });
  });

  it('sends no code to an unprovisioned agent address, and answers the same', async () => {
    const email = 'outsider@example.com';
    const started = await startOtp(app, email, { audience: 'agent' });
    expect(started.statusCode).toBe(204);
    expect(await mailbox(app, email)).toHaveLength(0);
    const verified = await verifyOtp(app, { email, code: '123456' }, { audience: 'agent' });
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('does not let a customer code sign in an agent', async () => {
    await startOtp(app, SANDBOX_AGENT_EMAIL);
    const code = await latestCode(app, SANDBOX_AGENT_EMAIL);
    const response = await verifyOtp(
      app,
      { email: SANDBOX_AGENT_EMAIL, code },
      { audience: 'agent' },
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses the token of an agent who was deactivated', async () => {
    const jwt = await signIn(app, 'second.agent@example.com', { audience: 'agent' });
    await database.db
      .update(agents)
      .set({ isActive: false })
      .where(eq(agents.email, 'second.agent@example.com'));
    expect((await figure(AGENT_FIGURE, bearer(jwt))).statusCode).toBe(401);
    const started = await startOtp(app, 'second.agent@example.com', { audience: 'agent' });
    expect(started.statusCode).toBe(204);
  });
});
