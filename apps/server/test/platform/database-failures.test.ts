/**
 * A database outage or an overloaded database is a passing condition, not a bug: an unreachable
 * PostgreSQL (refused connections, no pooled connection in time, a dropped connection) answers 503,
 * a statement cut short by its statement or lock timeout 504, both with Retry-After and the usual
 * error body, and neither tells the client anything about the database.
 */
import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { databaseFailureOf } from '../../src/http/database-errors.js';
import {
  TIMEOUT_RETRY_AFTER_SECONDS,
  toErrorAnswer,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../../src/http/errors.js';
import { buildTestApp, captureLogger } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';

/** A route that reads the database (Drizzle) on every request. */
const BANNERS = '/banners/banners.json';

const UNAVAILABLE_BODY = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Try again in a moment',
};
const TIMEOUT_BODY = {
  code: 'TIMEOUT',
  message: 'The request took too long. Try again in a moment',
};

/**
 * A TCP relay to the test PostgreSQL, which the test can cut: the database "goes down" under a
 * running app (open connections dropped, new ones refused) without touching the shared server.
 */
async function relayTo(databaseUrl: string): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function databaseError(code: string, message = 'database said no'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

function systemError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('what counts as a database failure', () => {
  it.each([
    ['statement timeout (57014)', databaseError('57014'), 'timeout'],
    ['lock timeout (55P03)', databaseError('55P03'), 'timeout'],
    ['server shutting down (57P01)', databaseError('57P01'), 'unavailable'],
    ['server starting (57P03)', databaseError('57P03'), 'unavailable'],
    ['too many connections (53300)', databaseError('53300'), 'unavailable'],
    ['connection failure (08006)', databaseError('08006'), 'unavailable'],
    ['refused connection', systemError('ECONNREFUSED'), 'unavailable'],
    ['reset connection', systemError('ECONNRESET'), 'unavailable'],
    ['unknown host', systemError('ENOTFOUND'), 'unavailable'],
    [
      'refused on every address of the host',
      Object.assign(new AggregateError([systemError('ECONNREFUSED')], ''), {
        code: 'ECONNREFUSED',
      }),
      'unavailable',
    ],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect'), 'unavailable'],
    ['dropped connection', new Error('Connection terminated unexpectedly'), 'unavailable'],
    [
      'a query Drizzle wraps',
      new DrizzleQueryError('select 1', [], databaseError('57014')),
      'timeout',
    ],
    ['a constraint violation (23505)', databaseError('23505'), null],
    ['a syntax error (42601)', databaseError('42601'), null],
    ['a bug', new TypeError('x is undefined'), null],
    [
      "another service's refused connection (fetch)",
      new TypeError('fetch failed', { cause: systemError('ECONNREFUSED') }),
      null,
    ],
    [
      'an error code without a system call',
      Object.assign(new Error('x'), { code: 'ETIMEDOUT' }),
      null,
    ],
    ['not an error', 'ECONNREFUSED', null],
  ] as const)('%s', (_name, error, expected) => {
    expect(databaseFailureOf(error)).toBe(expected);
  });

  it('answers 503 or 504 with the retry delay, and never the database message', () => {
    const unavailable = toErrorAnswer(
      new DrizzleQueryError(
        'select secret from t where ssn = $1',
        ['123-45-6789'],
        systemError('ECONNREFUSED'),
      ),
    );
    expect(unavailable).toEqual({
      statusCode: 503,
      body: UNAVAILABLE_BODY,
      isUnexpected: false,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
    const timedOut = toErrorAnswer(
      databaseError('57014', 'canceling statement due to statement timeout'),
    );
    expect(timedOut).toEqual({
      statusCode: 504,
      body: TIMEOUT_BODY,
      isUnexpected: false,
      retryAfterSeconds: TIMEOUT_RETRY_AFTER_SECONDS,
    });
    expect(toErrorAnswer(databaseError('23505')).statusCode).toBe(500);
  });
});

describe('an app whose database stops', () => {
  let database: TTestDatabase;
  let relayed: TDatabase;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let lines: string[];
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    relay = await relayTo(database.url);
    relayed = createDatabase(relay.url);
    const captured = captureLogger();
    lines = captured.lines;
    app = await buildTestApp({ database: relayed, logger: captured.logger });
  });
  afterAll(async () => {
    await app.close();
    await relayed.pool.end();
    await database.drop();
  });

  it('answers 503 with Retry-After and the error body, telling nothing of the database', async () => {
    expect((await app.inject({ method: 'GET', url: BANNERS })).statusCode).toBe(200);
    // The database goes away: its connections drop, and nothing listens on its port any more.
    await relay.cut();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await app.inject({
      method: 'GET',
      url: BANNERS,
      headers: { 'x-request-id': 'outage-1' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['x-request-id']).toBe('outage-1');
    expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual(UNAVAILABLE_BODY);
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|select/i);
    // The operator learns why, as a warning rather than a request's bug.
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'database could not answer the request',
        statusCode: 503,
        dbCode: 'ECONNREFUSED',
      }),
    );
    expect(logged.some((line) => line.msg === 'request failed')).toBe(false);
  });
});

describe('an app whose database is busy', () => {
  let database: TTestDatabase;
  let limited: TDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    // As production configures it (DB_STATEMENT_TIMEOUT_MS), short; one connection to run out of.
    limited = createDatabase(database.url, { maxConnections: 1, statementTimeoutMs: 500 });
    app = await buildTestApp({ database: limited, sandbox: false });
  });
  afterAll(async () => {
    await app.close();
    await limited.pool.end();
    await database.drop();
  });

  /** Runs `during` while another session holds the banners table locked. */
  async function whileLocked<T>(during: () => Promise<T>): Promise<T> {
    const holder = await database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE banners IN ACCESS EXCLUSIVE MODE');
      return await during();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  }

  it('answers 504 with Retry-After when a statement runs past the statement timeout', async () => {
    const response = await whileLocked(() => app.inject({ method: 'GET', url: BANNERS }));
    expect(response.statusCode).toBe(504);
    expect(response.headers['retry-after']).toBe(String(TIMEOUT_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual(TIMEOUT_BODY);
    // The database itself is fine: the next request is answered.
    expect((await app.inject({ method: 'GET', url: BANNERS })).statusCode).toBe(200);
  });

  it('answers 504 when a lock is not granted within the lock timeout', async () => {
    const connection = await limited.pool.connect();
    try {
      // The pool's one connection, with a lock timeout shorter than its statement timeout.
      await connection.query("SET lock_timeout = '100ms'");
    } finally {
      connection.release();
    }
    try {
      const response = await whileLocked(() => app.inject({ method: 'GET', url: BANNERS }));
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual(TIMEOUT_BODY);
    } finally {
      const reset = await limited.pool.connect();
      await reset.query('RESET lock_timeout');
      reset.release();
    }
  });

  it('answers 503 when no pooled connection comes free in time', async () => {
    const held = await limited.pool.connect();
    try {
      const response = await app.inject({ method: 'GET', url: BANNERS });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual(UNAVAILABLE_BODY);
    } finally {
      held.release();
    }
    expect((await app.inject({ method: 'GET', url: BANNERS })).statusCode).toBe(200);
  });
});
