/**
 * Liveness during a database outage: the container health check (Dockerfile, compose.yaml) asks
 * GET /livez, which answers from the process alone, so an outage every instance rides out alone
 * gets none of them replaced; GET /readyz, the load balancer's, answers 503 meanwhile and ready
 * again once the database is back. The instance reaches its database through a proxy the test cuts.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabase } from '../../src/db/pool.js';
import { buildTestApp } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';

type TOutage = 'none' | 'refused' | 'silent';

/** A TCP proxy to PostgreSQL: passes through, resets every connection, or holds them unanswered. */
function databaseProxy(target: URL) {
  let outage: TOutage = 'none';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server: Server = createServer((client) => {
    track(client);
    if (outage === 'refused') client.destroy();
    if (outage !== 'none') return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return typeof address === 'object' && address !== null ? address.port : 0;
    },
    /** Starts (or ends, with 'none') an outage; the connections open or held before are cut. */
    set(next: TOutage) {
      outage = next;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const database = useTestDatabase();
let proxy: ReturnType<typeof databaseProxy>;
let instance: TDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  const target = new URL(database.url);
  proxy = databaseProxy(target);
  const port = await proxy.listen();
  const through = new URL(database.url);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  instance = createDatabase(through.toString(), { maxConnections: 2 });
  app = await buildTestApp({ database: instance });
});
afterAll(async () => {
  await app.close();
  await instance.pool.end();
  await proxy.close();
});

const probe = (url: '/livez' | '/readyz') => app.inject({ method: 'GET', url });

describe('GET /livez during a database outage', { timeout: 60_000 }, () => {
  it('answers alive while the database refuses connections (stopped), and ready again after', async () => {
    expect((await probe('/readyz')).statusCode).toBe(200);
    proxy.set('refused');
    const live = await probe('/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await probe('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    proxy.set('none');
    expect((await probe('/readyz')).statusCode).toBe(200);
  });

  it('answers alive while the database hangs (a network partition), and ready again after', async () => {
    proxy.set('silent');
    // A probe that waited for the database would fail when the readiness or connect timeout passes.
    expect((await probe('/livez')).statusCode).toBe(200);
    expect((await probe('/readyz')).statusCode).toBe(503);
    proxy.set('none');
    expect((await probe('/livez')).statusCode).toBe(200);
    expect((await probe('/readyz')).statusCode).toBe(200);
  });
});
