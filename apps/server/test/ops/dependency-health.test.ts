/**
 * The dependency report: each outside dependency probed (an SMTP server that refuses is DOWN with
 * the cause, scrubbed; once it answers again it is UP and keeps its last error), stored for every
 * instance, and answered to agents only at GET /service-ops/…/health.
 */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZGetOpsHealthResponse } from '@pledge/contract';
import { dependencyProbes } from '../../src/db/schema/index.js';
import { createDependencyProbes } from '../../src/services/health/dependency-probes.js';
import {
  ProbeFailedError,
  scrubProbeError,
  type TProbeFetch,
} from '../../src/services/health/dependency-probe.js';
import { runDependencyProbes } from '../../src/services/health/run-dependency-probes.js';
import { createSmtpProbe } from '../../src/services/health/smtp-probe.js';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { expectJson, OPS, opsCall, signInAgent } from './helpers.js';

const HEALTH_URL = `${OPS}/health`;
const SMTP_PASSWORD = 'sm7p-pa55word';

/** An SMTP server that refuses every connection until told to answer, then greets, EHLO, AUTH, QUIT. */
async function fakeSmtpServer() {
  const state = { isRefusing: true, sessions: 0, messagesSent: 0 };
  const server = net.createServer((socket) => {
    state.sessions += 1;
    if (state.isRefusing) {
      socket.end(`554 5.3.2 Service not available (${SMTP_PASSWORD})\r\n`);
      return;
    }
    socket.write('220 probe.test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (verb === 'EHLO') socket.write('250-probe.test\r\n250 AUTH PLAIN\r\n');
        else if (verb === 'AUTH') socket.write('235 2.7.0 Accepted\r\n');
        else if (verb === 'DATA') {
          state.messagesSent += 1;
          socket.write('554 no mail expected\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    state,
    url: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ctx = useApplicationsTestContext();

async function probeRow(dependency: string) {
  const [row] = await ctx.database.db
    .select()
    .from(dependencyProbes)
    .where(eq(dependencyProbes.dependency, dependency));
  return row;
}

describe('the SMTP probe', () => {
  it('finds a refusing server DOWN with its cause, then UP once it answers, sending no mail', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const probe = createSmtpProbe(smtp.url, 2_000);
      const refusedAt = new Date('2026-03-02T10:00:00Z');
      const [refused] = await runDependencyProbes({ db: ctx.database.db, clock: () => refusedAt }, [
        probe,
      ]);
      expect(refused?.isUp).toBe(false);
      const down = await probeRow('smtp');
      expect(down).toMatchObject({
        isUp: false,
        lastProbedAt: refusedAt,
        lastSuccessAt: null,
        lastErrorAt: refusedAt,
      });
      expect(down?.lastErrorMessage).toContain('554');
      expect(down?.lastErrorCode).toMatch(/^E[A-Z]+$/);
      // Neither the password nor the URL with its credentials is stored.
      const stored = JSON.stringify(down);
      expect(stored).not.toContain(SMTP_PASSWORD);
      expect(stored).not.toContain('mailer:');

      smtp.state.isRefusing = false;
      const answeredAt = new Date('2026-03-02T10:01:00Z');
      const [answered] = await runDependencyProbes(
        { db: ctx.database.db, clock: () => answeredAt },
        [probe],
      );
      expect(answered).toEqual({ dependency: 'smtp', isUp: true });
      expect(await probeRow('smtp')).toMatchObject({
        isUp: true,
        lastProbedAt: answeredAt,
        lastSuccessAt: answeredAt,
        // The last error stays, with its time, for the operator to read.
        lastErrorAt: refusedAt,
        lastErrorMessage: down?.lastErrorMessage,
      });
      expect(smtp.state.sessions).toBe(2);
      expect(smtp.state.messagesSent).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('the HTTP probes and their errors', () => {
  it('probe the configured bureau, chain nodes, price venues and Plaid with one cheap call each', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    const fetch: TProbeFetch = async (url, init) => {
      calls.push({
        url,
        method: init.method,
        ...(init.body !== undefined ? { body: init.body } : {}),
      });
      if (url.startsWith('https://bureau.test')) return new Response('down', { status: 503 });
      if (url.endsWith('/blocks/tip/height')) return Response.json(840_000);
      if (url.startsWith('https://eth.test'))
        return Response.json({ jsonrpc: '2.0', id: 1, result: '0x1a' });
      if (url.includes('/institutions/get')) return Response.json({ institutions: [] });
      return Response.json({ unexpected: true });
    };
    const probes = createDependencyProbes({
      config: {
        sandbox: false,
        creditBureau: { baseUrl: 'https://bureau.test/api', apiKey: 'bureau-key-123456' },
        chain: {
          keys: undefined,
          esploraUrl: 'https://esplora.test/api',
          ethRpcUrl: 'https://eth.test/rpc',
          confirmations: { BTC: 3, ETH: 12 },
        },
        plaid: { clientId: 'plaid-client', secret: 'plaid-secret-123', environment: 'sandbox' },
      },
      adapters: {} as never,
      db: ctx.database.db,
      fetch,
      priceSources: [
        {
          name: 'venue-a',
          url: () => 'https://venue-a.test/ticker',
          parse: () => ({ price: '60000', asOf: new Date() }),
        },
        { name: 'venue-b', url: () => 'https://venue-b.test/ticker', parse: () => null },
      ],
    });
    const outcomes = await runDependencyProbes(
      { db: ctx.database.db, clock: () => new Date('2026-03-02T11:00:00Z') },
      probes,
    );
    expect(
      Object.fromEntries(outcomes.map((outcome) => [outcome.dependency, outcome.isUp])),
    ).toEqual({
      'credit-bureau': false,
      'chain-btc': true,
      'chain-eth': true,
      'price-venue-a': true,
      'price-venue-b': false,
      plaid: true,
    });
    expect(await probeRow('credit-bureau')).toMatchObject({
      isUp: false,
      lastErrorClass: 'ProbeFailedError',
      lastErrorCode: 'HTTP_503',
    });
    expect(await probeRow('price-venue-b')).toMatchObject({ lastErrorCode: 'BAD_ANSWER' });
    // No soft inquiry is made: the bureau is asked only its base path.
    expect(calls.filter((call) => call.url.includes('bureau.test'))).toEqual([
      { url: 'https://bureau.test/api/', method: 'GET' },
    ]);
    expect(calls.find((call) => call.url.includes('eth.test'))?.body).toContain('eth_blockNumber');
  });

  it('fails a probe that does not answer in time', async () => {
    const [outcome] = await runDependencyProbes(
      { db: ctx.database.db, clock: () => new Date('2026-03-02T12:00:00Z') },
      [{ dependency: 'stalled-node', probe: () => new Promise<void>(() => undefined) }],
      { timeoutMs: 50 },
    );
    expect(outcome).toMatchObject({ isUp: false, error: { code: 'TIMEOUT' } });
  });

  it('stores no credentials, query strings, tokens or named secrets, and a bounded message', () => {
    const error = Object.assign(
      new Error(
        'GET https://user:hunter22@node.test/v1?apikey=abc123 failed; Authorization: Bearer tok-999 key-of-mine ' +
          'x'.repeat(500),
      ),
      { code: 'ECONNRESET' },
    );
    const scrubbed = scrubProbeError(error, ['key-of-mine']);
    expect(scrubbed.errorClass).toBe('Error');
    expect(scrubbed.code).toBe('ECONNRESET');
    expect(scrubbed.message).toContain('https://node.test/v1');
    for (const secret of ['hunter22', 'abc123', 'tok-999', 'key-of-mine']) {
      expect(scrubbed.message).not.toContain(secret);
    }
    expect(scrubbed.message.length).toBeLessThanOrEqual(200);
    expect(scrubProbeError('not an error')).toMatchObject({ errorClass: 'Error', code: null });
  });
});

describe('GET /service-ops/…/health', () => {
  // As on every console route, a borrower's token is not an agent session (another audience): 401.
  it('answers 401 without a session and to a borrower', async () => {
    expect((await opsCall(ctx.app, 'GET', HEALTH_URL, null)).statusCode).toBe(401);
    const borrower = await newBorrower(ctx.app);
    const refused = await opsCall(ctx.app, 'GET', HEALTH_URL, borrower.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('dependencies');
  });

  it('answers an agent each dependency with its status, last success, last error and probe age', async () => {
    const agent = await signInAgent(ctx);
    // The bureau failed a minute before; then the sandbox's own adapters, which answer locally.
    const failedAt = new Date(Date.now() - 90_000);
    await runDependencyProbes({ db: ctx.database.db, clock: () => failedAt }, [
      {
        dependency: 'credit-bureau',
        probe: () => Promise.reject(new ProbeFailedError('HTTP_503', 'Answered HTTP 503')),
      },
    ]);
    const sandboxProbes = createDependencyProbes({
      config: { sandbox: true },
      adapters: ctx.adapters,
      db: ctx.database.db,
    });
    const probedAt = new Date(Date.now() - 30_000);
    await runDependencyProbes({ db: ctx.database.db, clock: () => probedAt }, sandboxProbes);
    const report = ZGetOpsHealthResponse.parse(
      expectJson(await opsCall(ctx.app, 'GET', HEALTH_URL, agent.token), 200),
    );
    const byName = new Map(report.dependencies.map((entry) => [entry.dependency, entry]));
    for (const name of [
      'smtp',
      'credit-bureau',
      'chain-btc',
      'chain-eth',
      'price-sandbox',
      'plaid',
    ]) {
      expect(byName.get(name), name).toMatchObject({
        status: 'UP',
        lastProbedAt: probedAt.toISOString(),
        lastSuccessAt: probedAt.toISOString(),
      });
      expect(byName.get(name)?.probeAgeSeconds).toBeGreaterThanOrEqual(29);
    }
    expect(byName.get('credit-bureau')?.lastError).toEqual({
      at: failedAt.toISOString(),
      errorClass: 'ProbeFailedError',
      code: 'HTTP_503',
      message: 'Answered HTTP 503',
    });
    expect(report.dependencies.map((entry) => entry.dependency)).toEqual(
      [...report.dependencies.map((entry) => entry.dependency)].sort(),
    );
  });
});
