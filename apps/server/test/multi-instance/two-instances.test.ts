/**
 * Two real server processes on one PostgreSQL, as in production behind a load balancer: they
 * migrate an empty database together, run each job once, count rate limits together, and see each
 * other's writes at once (a sign-out, an offer).
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { waitlistConfirmationJob } from '../../src/jobs/definitions/waitlist-confirmation.js';
import { WEB_TELEMETRY_SESSION } from '../platform/helpers.js';
import { METRICS_TOKEN, useInstancesOnOneDatabase, waitFor, type TInstance } from './instances.js';

const LEAP = '/service-cryptopl-leap';
const BROKER = '/identity-broker/customer';
const NONCE = 'c0ffee00c0ffee00c0ffee00c0ffee00';

// An empty database: both instances find it so and migrate it at the same time. B's requests
// have one connection: its job worker, sweeps and LISTENs are on the background pool beside it.
const world = useInstancesOnOneDatabase(
  [{ name: 'instance A' }, { name: 'instance B', env: { DB_POOL_SIZE: '1' } }],
  { migrate: false },
);
let a: TInstance;
let b: TInstance;

/** Each test is its own client address (the instances trust X-Forwarded-For). */
let clientCount = 0;
function newClient(): string {
  clientCount += 1;
  return `203.0.113.${clientCount}`;
}

function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

async function mailbox(instance: TInstance, to: string) {
  const response = await instance.fetch(`/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { subject: string; text: string }[] }).messages;
}

/** Signs in by e-mailed code: the code is asked for on one instance and used on the other. */
async function signIn(email: string, client: string): Promise<string> {
  const started = await a.fetch(
    `${BROKER}/api/v3/otp/start`,
    jsonInit('POST', { email }, { 'x-forwarded-for': client }),
  );
  expect(started.status).toBe(204);
  let code: string | undefined;
  await waitFor(`the sign-in code for ${email}`, async () => {
    const [message] = await mailbox(b, email);
    code = /sign-in code is (\d{6})\./.exec(message?.text ?? '')?.[1];
    return code !== undefined;
  });
  const verified = await b.fetch(
    `${BROKER}/api/v3/otp/verify`,
    jsonInit('POST', { email, code, nonce: NONCE }, { 'x-forwarded-for': client }),
  );
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { jwt: string }).jwt;
}

/** The jobs of a kind not yet finished, as GET /metrics reports them. */
async function unfinishedJobs(instance: TInstance, kind: string): Promise<number> {
  const response = await instance.fetch('/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const line = new RegExp(`^pledge_jobs_pending\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text);
  return Number(line?.[1] ?? 0);
}

beforeAll(() => {
  [a, b] = world.instances as [TInstance, TInstance];
});

// Each test polls real processes on busy cores.
describe('two instances on one database', { timeout: 120_000 }, () => {
  it('migrate an empty database together, each migration once', async () => {
    const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    const applied = await world.database.pool.query<{ hash: string }>(
      'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id',
    );
    expect(applied.rows.map((row) => row.hash)).toEqual(shipped.map((entry) => entry.hash));
    for (const instance of [a, b]) {
      const ready = await instance.fetch('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        database: 'ok',
        migrations: 'current',
      });
    }
  });

  it('run an enqueued job exactly once while both workers poll', async () => {
    const client = newClient();
    const emails = Array.from(
      { length: 6 },
      (_, index) => `waitlist-${index}-${Date.now()}@example.com`,
    );
    for (const [index, email] of emails.entries()) {
      const via = index % 2 === 0 ? a : b;
      const joined = await via.fetch(
        `${LEAP}/insecure/api/v1/waitlist`,
        jsonInit('POST', { email, state: 'TX' }, { 'x-forwarded-for': client }),
      );
      expect(joined.status).toBe(202);
    }
    await waitFor(
      'every confirmation to be sent and its job finished',
      async () => {
        const sent = await Promise.all(emails.map((email) => mailbox(a, email)));
        return (
          sent.every((messages) => messages.length >= 1) &&
          (await unfinishedJobs(a, waitlistConfirmationJob.kind)) === 0
        );
      },
      60_000,
      250,
    );
    for (const email of emails) {
      const [fromA, fromB] = await Promise.all([mailbox(a, email), mailbox(b, email)]);
      expect(fromA, email).toHaveLength(1);
      expect(fromB, email).toHaveLength(1);
    }
  });

  it('count a per-route rate limit across both instances', async () => {
    const client = newClient();
    const open = (instance: TInstance) =>
      instance.fetch(
        '/ft/crypto-backed-loan/session',
        jsonInit('POST', WEB_TELEMETRY_SESSION, { 'x-forwarded-for': client }),
      );
    // The limit is 60 a minute per client address: 30 through each instance use it up.
    for (let index = 0; index < 60; index += 1) {
      const response = await open(index % 2 === 0 ? a : b);
      expect(response.status, `request ${index + 1}`).toBe(200);
    }
    expect((await open(a)).status).toBe(429);
    expect((await open(b)).status).toBe(429);
    // Another client address has its own count.
    const other = await a.fetch(
      '/ft/crypto-backed-loan/session',
      jsonInit('POST', WEB_TELEMETRY_SESSION, { 'x-forwarded-for': newClient() }),
    );
    expect(other.status).toBe(200);
  });

  it('count a sign-in rate limit across both instances', async () => {
    const client = newClient();
    const join = (instance: TInstance, index: number) =>
      instance.fetch(
        `${LEAP}/insecure/api/v1/waitlist`,
        jsonInit(
          'POST',
          { email: `limit-${index}-${Date.now()}@example.com`, state: 'DC' },
          { 'x-forwarded-for': client },
        ),
      );
    // Ten sign-ups per client address in 15 minutes, wherever they land.
    for (let index = 0; index < 10; index += 1) {
      expect((await join(index % 2 === 0 ? a : b, index)).status).toBe(202);
    }
    expect((await join(b, 10)).status).toBe(429);
    expect((await join(a, 11)).status).toBe(429);
  });

  it('keep background work off the request pool: one request connection serves at once', async () => {
    // Each instance's LISTENs (its job worker's, its brands') hold background connections.
    const listening = await world.database.pool.query<{ application_name: string }>(
      `SELECT application_name FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'LISTEN %'`,
    );
    expect(listening.rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(listening.rows.map((row) => row.application_name))).toEqual(
      new Set(['pledge-background']),
    );
    // Requests at once on B's single request connection, while its worker polls.
    const token = await signIn(`one-connection-${Date.now()}@example.com`, newClient());
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        b.fetch(`${BROKER}/secure/api/v3/self/figureinfo`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });

  it('refuse a token on one instance as soon as it signed out on the other', async () => {
    const client = newClient();
    const token = await signIn(`sign-out-${Date.now()}@example.com`, client);
    const auth = { authorization: `Bearer ${token}` };
    const figureInfo = (instance: TInstance) =>
      instance.fetch(`${BROKER}/secure/api/v3/self/figureinfo`, { headers: auth });
    expect((await figureInfo(a)).status).toBe(200);
    expect((await figureInfo(b)).status).toBe(200);
    const loggedOut = await b.fetch(`${BROKER}/secure/api/v3/logout`, {
      method: 'POST',
      headers: auth,
    });
    expect(loggedOut.status).toBe(200);
    expect((await figureInfo(a)).status).toBe(401);
    expect((await figureInfo(b)).status).toBe(401);
  });

  it('list on one instance an offer requested on the other at once', async () => {
    const client = newClient();
    const token = await signIn(`offers-${Date.now()}@example.com`, client);
    const auth = { authorization: `Bearer ${token}` };
    const created = await a.fetch(
      `${LEAP}/insecure/api/v1/applications/create`,
      jsonInit('POST', { organization: 'default' }, auth),
    );
    expect(created.status).toBe(201);
    const { appUuid } = (await created.json()) as { appUuid: string };
    const offers = async (instance: TInstance) => {
      const response = await instance.fetch(
        `${LEAP}/secure/api/v1/applications/${appUuid}/offers`,
        { headers: auth },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { uuid: string }[];
    };
    for (const [requestOn, listOn, amount] of [
      [b, a, 20_000],
      [a, b, 25_000],
    ] as const) {
      const requested = await requestOn.fetch(
        `${LEAP}/secure/api/v1/applications/${appUuid}/requested-offer`,
        jsonInit(
          'POST',
          { requestedAmount: amount, collateralType: 'BTC', coinQuantity: '1', state: 'OH' },
          auth,
        ),
      );
      expect(requested.status).toBe(200);
      const made = ((await requested.json()) as { offers: { uuid: string }[] }).offers;
      expect(made).toHaveLength(1);
      expect((await offers(listOn)).map((offer) => offer.uuid)).toEqual(
        made.map((offer) => offer.uuid),
      );
    }
  });
});
