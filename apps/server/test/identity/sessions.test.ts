/**
 * Sessions (OWASP ASVS V3.3): renewed by use, ended by the idle timeout, the absolute limit or
 * sign-out, and the same on every instance of the app (they share only the database).
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIMITS } from '@pledge/domain';
import { identities, sessions } from '../../src/db/schema/index.js';
import { endIdentitySessions } from '../../src/services/identity/end-sessions.js';
import { SANDBOX_AGENT_EMAIL } from '../../src/services/identity/agents.js';
import { SESSION_LAST_SEEN_PRECISION_MS } from '../../src/services/identity/verify-access-token.js';
import { buildTestApp } from '../helpers/app.js';
import type { TTestDatabase } from '../helpers/db.js';
import { bearer, brokerPath, figureInfo, manualClock, signIn } from './sign-in.js';
import { createSeededDatabase } from '../helpers/seeded-db.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const CUSTOMER_IDLE_MS = SESSION_LIMITS.customer.idleTimeoutMinutes * MINUTE_MS;
const CUSTOMER_ABSOLUTE_MS = SESSION_LIMITS.customer.absoluteLimitHours * HOUR_MS;
const AGENT_IDLE_MS = SESSION_LIMITS.agent.idleTimeoutMinutes * MINUTE_MS;
/** The access token's life before sessions: a borrower was signed out after it, busy or not. */
const OLD_TOKEN_LIFE_MS = 15 * MINUTE_MS;

/** The session id (`jti`) of a token: the claim of its payload. */
function tokenIdOf(jwt: string): string {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as {
    jti: string;
  };
  return payload.jti;
}

describe('sessions', () => {
  let database: TTestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const time = manualClock();

  beforeAll(async () => {
    database = await createSeededDatabase();
    // Two instances of the app on one database, as behind a load balancer.
    first = await buildTestApp({ database, clock: time.clock });
    second = await buildTestApp({ database, clock: time.clock });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  async function figureStatus(
    app: FastifyInstance,
    jwt: string,
    audience: 'customer' | 'agent' = 'customer',
  ) {
    const response = await figureInfo(app, jwt, audience);
    return response.statusCode;
  }

  async function logOut(app: FastifyInstance, jwt: string) {
    return app.inject({
      method: 'POST',
      url: brokerPath('customer', '/secure/api/v3/logout'),
      headers: bearer(jwt),
    });
  }

  it('stays open past the old 15-minute limit while it is used, on either instance', async () => {
    const jwt = await signIn(first, 'busy@example.com');
    const stepMs = CUSTOMER_IDLE_MS - 5 * MINUTE_MS;
    for (let elapsed = 0; elapsed < 3 * OLD_TOKEN_LIFE_MS; elapsed += stepMs) {
      time.advance(stepMs);
      expect(await figureStatus(elapsed % 2 === 0 ? second : first, jwt)).toBe(200);
    }
  });

  it('ends after the idle timeout without use, on every instance', async () => {
    const jwt = await signIn(first, 'idle@example.com');
    time.advance(CUSTOMER_IDLE_MS - MINUTE_MS);
    expect(await figureStatus(second, jwt)).toBe(200);
    time.advance(CUSTOMER_IDLE_MS + MINUTE_MS);
    expect(await figureStatus(first, jwt)).toBe(401);
    expect(await figureStatus(second, jwt)).toBe(401);
    // Once ended it stays ended, even if the clock of the request is earlier.
    time.advance(-CUSTOMER_IDLE_MS);
    expect(await figureStatus(first, jwt)).toBe(401);
    time.advance(CUSTOMER_IDLE_MS);
  });

  it('ends at the absolute limit however much it is used', async () => {
    const jwt = await signIn(first, 'marathon@example.com');
    const stepMs = CUSTOMER_IDLE_MS - 5 * MINUTE_MS;
    let elapsed = 0;
    while (elapsed + stepMs < CUSTOMER_ABSOLUTE_MS) {
      time.advance(stepMs);
      elapsed += stepMs;
      expect(await figureStatus(first, jwt)).toBe(200);
    }
    time.advance(CUSTOMER_ABSOLUTE_MS - elapsed);
    expect(await figureStatus(first, jwt)).toBe(401);
    expect(await figureStatus(second, jwt)).toBe(401);
  });

  it('gives agents a shorter idle timeout', async () => {
    const customer = await signIn(first, 'patient@example.com');
    const agent = await signIn(first, SANDBOX_AGENT_EMAIL, { audience: 'agent' });
    expect(AGENT_IDLE_MS).toBeLessThan(CUSTOMER_IDLE_MS);
    time.advance(AGENT_IDLE_MS + MINUTE_MS);
    expect(await figureStatus(first, agent, 'agent')).toBe(401);
    expect(await figureStatus(first, customer)).toBe(200);
  });

  it("writes a session's last use at most once a minute, on either instance", async () => {
    const jwt = await signIn(first, 'steady@example.com');
    const jti = tokenIdOf(jwt);
    const lastSeen = async () => {
      const [row] = await database.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.jti, jti));
      return row?.lastSeenAt.getTime();
    };
    const signedInAt = await lastSeen();
    time.advance(SESSION_LAST_SEEN_PRECISION_MS / 2);
    expect(await figureStatus(second, jwt)).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    time.advance(SESSION_LAST_SEEN_PRECISION_MS);
    expect(await figureStatus(first, jwt)).toBe(200);
    expect(await lastSeen()).toBe(time.clock().getTime());
  });

  it('refuses a signed-out token at once on the other instance', async () => {
    const jwt = await signIn(first, 'leaving@example.com');
    // The second instance has just found the token good.
    expect(await figureStatus(second, jwt)).toBe(200);
    expect(await figureStatus(first, jwt)).toBe(200);
    expect((await logOut(first, jwt)).statusCode).toBe(200);
    expect(await figureStatus(second, jwt)).toBe(401);
    expect(await figureStatus(first, jwt)).toBe(401);
    expect((await logOut(second, jwt)).statusCode).toBe(401);
  });

  it('ends every session of an identity but the one kept, on every instance', async () => {
    const kept = await signIn(first, 'everywhere@example.com');
    const other = await signIn(second, 'everywhere@example.com');
    const agent = await signIn(first, SANDBOX_AGENT_EMAIL, { audience: 'agent' });
    const bystander = await signIn(first, 'bystander@example.com');
    for (const jwt of [kept, other, bystander]) expect(await figureStatus(second, jwt)).toBe(200);

    const [person] = await database.db
      .select({ uuid: identities.uuid })
      .from(identities)
      .where(eq(identities.email, 'everywhere@example.com'));
    const keptSession = await sessionOf(person!.uuid, kept);
    await database.db.transaction((tx) =>
      endIdentitySessions(tx, {
        identityUuid: person!.uuid,
        exceptTokenId: keptSession,
        at: time.clock(),
      }),
    );
    expect(await figureStatus(first, kept)).toBe(200);
    expect(await figureStatus(second, other)).toBe(401);
    expect(await figureStatus(first, other)).toBe(401);
    expect(await figureStatus(second, bystander)).toBe(200);
    expect(await figureStatus(second, agent, 'agent')).toBe(200);

    // Without an exception, every session of the identity ends.
    await endIdentitySessions(database.db, { identityUuid: person!.uuid, at: time.clock() });
    expect(await figureStatus(second, kept)).toBe(401);
    expect(await figureStatus(second, bystander)).toBe(200);
  });

  /** The session id (`jti`) of a token, checked to be a session of the identity. */
  async function sessionOf(identityUuid: string, jwt: string): Promise<string> {
    const jti = tokenIdOf(jwt);
    const [row] = await database.db
      .select({ jti: sessions.jti, identityUuid: sessions.identityUuid })
      .from(sessions)
      .where(eq(sessions.jti, jti));
    expect(row?.identityUuid).toBe(identityUuid);
    return jti;
  }
});
