/**
 * Sign-in's counts made inside a transaction are made in it: an app whose pool is a single
 * connection still answers a wrong code and a step-up. A count on a connection of its own would
 * wait for a second connection while the transaction holds the only one, until the pool's wait
 * ran out (503); with every connection of a larger pool held so under load, the same.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../src/db/schema/index.js';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { buildTestApp } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import {
  bearer,
  latestCode,
  manualClock,
  signIn,
  startOtp,
  STEP_UP,
  verifyOtp,
  wrongCodeFor,
} from './sign-in.js';

describe('sign-in on a pool of one connection', { timeout: 60_000 }, () => {
  let database: TTestDatabase;
  let one: TDatabase;
  let app: FastifyInstance;
  const time = manualClock();
  const countedHits = async () => (await database.db.select().from(rateLimitHits)).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    one = createDatabase(database.url, { maxConnections: 1 });
    app = await buildTestApp({ database: { ...database, ...one }, clock: time.clock });
  });
  afterAll(async () => {
    await app?.close();
    await one?.pool.end();
    await database?.drop();
  });

  it('counts a wrong code against the address in the transaction that records it', async () => {
    const email = 'one-connection-miss@example.com';
    expect((await startOtp(app, email, { remoteAddress: '10.70.0.1' })).statusCode).toBe(204);
    const code = await latestCode(app, email);
    const hitsBefore = await countedHits();
    const wrong = await verifyOtp(
      app,
      { email, code: wrongCodeFor(code) },
      { remoteAddress: '10.70.0.1' },
    );
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    // The verify's two counts before its transaction, and the miss counted in it.
    expect((await countedHits()) - hitsBefore).toBe(3);
    const right = await verifyOtp(app, { email, code }, { remoteAddress: '10.70.0.1' });
    expect(right.statusCode).toBe(200);
  });

  it('counts a step-up code in the transaction that stores it', async () => {
    const email = 'one-connection-step-up@example.com';
    const jwt = await signIn(app, email, { remoteAddress: '10.70.0.2' });
    const hitsBefore = await countedHits();
    const begun = await app.inject({ method: 'POST', url: STEP_UP, headers: bearer(jwt) });
    expect(begun.json()).toEqual({ method: 'email-code' });
    expect(await latestCode(app, email, /sign-in address changes, is (\d{6})\./)).toMatch(
      /^\d{6}$/,
    );
    expect((await countedHits()) - hitsBefore).toBe(1);
  });
});
