/**
 * Graceful drain of a real server process: on SIGTERM it stops accepting connections, finishes the
 * request in flight, closes its pool and exits 0.
 */
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useInstancesOnOneDatabase, waitFor, type TInstance } from './instances.js';

const world = useInstancesOnOneDatabase([
  // Its request log tells when the slow request has reached it.
  { name: 'draining instance', env: { LOG_LEVEL: 'info' } },
]);
let instance: TInstance;

beforeAll(() => {
  [instance] = world.instances as [TInstance];
});

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM', { timeout: 120_000 }, () => {
  it('lets the request in flight finish, takes no new connection, and exits 0', async () => {
    const body = JSON.stringify({ BTC: 61_000, ETH: 3_100 });
    const half = Math.floor(body.length / 2);
    const socket = net.connect({ port: instance.port, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', resolve));
    // A slow client: the request has begun (headers and half the body) when the signal arrives.
    socket.write(
      [
        'POST /sandbox/prices HTTP/1.1',
        `Host: 127.0.0.1:${instance.port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body.slice(0, half),
      ].join('\r\n'),
    );
    // The server has the request (it is not an idle connection) before the signal is sent.
    await waitFor('the request to reach the server', async () =>
      instance.output().includes('"method":"POST","url":"/sandbox/prices"'),
    );
    instance.process.kill('SIGTERM');
    await waitFor('the listener to close', async () => !(await accepts(instance.port)), 30_000);
    expect(answer).toBe('');
    // The client keeps its side open (a half-closing client abandons its own request).
    socket.write(body.slice(half));
    // The server answers, then closes the connection it no longer needs.
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"BTC":61000');
    expect(await instance.exited).toBe(0);
    // The write of the drained request was committed.
    const stored = await world.database.pool.query<{ price_cents: number }>(
      `SELECT price_cents FROM sandbox_prices WHERE collateral_type = 'BTC'`,
    );
    expect(stored.rows[0]?.price_cents).toBe(6_100_000);
  });
});
