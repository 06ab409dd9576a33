import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { createSharedRateLimitStore } from '../../src/security/rate-limit.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { useTestDatabase } from '../helpers/db.js';
import { manualClock } from '../identity/sign-in.js';

const WINDOW_MS = 60_000;

const database = useTestDatabase();

function incr(store: FastifyRateLimitStore, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || result === undefined ? reject(error) : resolve(result)),
      WINDOW_MS,
      3,
    ),
  );
}

const route = (url: string) => ({ routeInfo: { method: 'GET', url } });

describe('the shared store of the per-route limits', { timeout: 60_000 }, () => {
  it('counts one route and address across stores, restarts after the window, keeps no address', async () => {
    const time = manualClock(new Date('2030-01-01T00:00:00Z'));
    const deps = {
      db: database.db,
      cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
      clock: time.clock,
    };
    // Two instances: each has its own store class, on the same database.
    const first = new (createSharedRateLimitStore(deps))({}).child(route('/a') as never);
    const second = new (createSharedRateLimitStore(deps))({}).child(route('/a') as never);
    const otherRoute = new (createSharedRateLimitStore(deps))({}).child(route('/b') as never);

    expect(await incr(first, '198.51.100.7')).toEqual({ current: 1, ttl: WINDOW_MS });
    time.advance(10_000);
    expect(await incr(second, '198.51.100.7')).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    expect(await incr(first, '198.51.100.7')).toMatchObject({ current: 3 });
    expect(await incr(second, '198.51.100.7')).toMatchObject({ current: 4 });
    expect(await incr(otherRoute, '198.51.100.7')).toMatchObject({ current: 1 });
    expect(await incr(first, '198.51.100.8')).toMatchObject({ current: 1 });

    const concurrent = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        incr(index % 2 === 0 ? first : second, '198.51.100.9'),
      ),
    );
    expect(concurrent.map((result) => result.current).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);

    time.advance(WINDOW_MS);
    expect(await incr(second, '198.51.100.7')).toEqual({ current: 1, ttl: WINDOW_MS });

    const rows = await database.db.select().from(rateLimitCounters);
    expect(JSON.stringify(rows)).not.toContain('198.51.100');
  });

  it('restarts a window a clock since set back counted in, not one a little ahead', async () => {
    const time = manualClock(new Date('2030-01-01T00:00:00Z'));
    const deps = { db: database.db, cipher: createFieldCipher(TEST_ENCRYPTION_KEY) };
    const behind = new (createSharedRateLimitStore({ ...deps, clock: time.clock }))({}).child(
      route('/c') as never,
    );
    const year = 365 * 24 * 60 * 60_000;
    time.advance(year);
    await incr(behind, '198.51.100.10');
    expect(await incr(behind, '198.51.100.10')).toMatchObject({ current: 2 });
    time.advance(-year);
    expect(await incr(behind, '198.51.100.10')).toEqual({ current: 1, ttl: WINDOW_MS });

    // Counted by an instance 5 s ahead, then by this one: one window.
    time.advance(5_000);
    await incr(behind, '198.51.100.11');
    time.advance(-5_000);
    expect(await incr(behind, '198.51.100.11')).toEqual({ current: 2, ttl: WINDOW_MS + 5_000 });
  });
});
