import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../test/helpers/db.js';
import { rateLimitHits } from '../db/schema/index.js';
import { createFieldCipher } from './field-encryption.js';
import { createRateLimiter, RateLimitedError, type TRateLimitRule } from './rate-limit.js';

const PER_ADDRESS: TRateLimitRule = { name: 'test:address', max: 3, windowMs: 60_000 };
const PER_IP: TRateLimitRule = { name: 'test:ip', max: 5, windowMs: 60_000 };

describe('rate limiter', () => {
  let database: TTestDatabase;
  let now = new Date('2025-01-01T00:00:00Z').getTime();
  const advance = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const limiter = () =>
    createRateLimiter({
      db: database.db,
      cipher: createFieldCipher(Buffer.alloc(32, 3)),
      clock: () => new Date(now),
    });

  it('counts attempts in a sliding window and says how long to wait', async () => {
    const charge = [{ rule: PER_ADDRESS, subject: 'ada@example.com' }];
    for (let index = 0; index < PER_ADDRESS.max; index += 1) {
      await limiter().consume(charge);
      advance(10_000);
    }
    const refused = await limiter()
      .consume(charge)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // The first attempt was 30 s ago; it leaves the window in 30 s.
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(30);
    expect((refused as RateLimitedError).statusCode).toBe(429);
    advance(30_000);
    await expect(limiter().consume(charge)).resolves.toBeUndefined();
  });

  it('counts nothing when any charge is over its limit', async () => {
    const ip = { rule: PER_IP, subject: '192.0.2.1' };
    for (let index = 0; index < PER_ADDRESS.max; index += 1) {
      await limiter().consume([{ rule: PER_ADDRESS, subject: 'bob@example.com' }, ip]);
    }
    await expect(
      limiter().consume([{ rule: PER_ADDRESS, subject: 'bob@example.com' }, ip]),
    ).rejects.toBeInstanceOf(RateLimitedError);
    // The refused attempt did not use up the IP's allowance.
    await limiter().consume([ip]);
    await limiter().consume([ip]);
    await expect(limiter().consume([ip])).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('holds under concurrent attempts from several instances', async () => {
    const rule: TRateLimitRule = { name: 'test:burst', max: 4, windowMs: 60_000 };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => limiter().consume([{ rule, subject: 'burst' }])),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(rule.max);
  });

  it('stores no subject, and prunes expired attempts', async () => {
    const rows = await database.db.select().from(rateLimitHits);
    expect(JSON.stringify(rows)).not.toContain('example.com');
    expect(JSON.stringify(rows)).not.toContain('192.0.2.1');
    advance(24 * 60 * 60_000);
    await limiter().consume([{ rule: PER_ADDRESS, subject: 'later@example.com' }]);
    const left = await database.db.select().from(rateLimitHits);
    expect(left).toHaveLength(1);
  });

  it('no longer counts attempts made more than a window ahead of its clock', async () => {
    const charge = [{ rule: PER_ADDRESS, subject: 'cleo@example.com' }];
    const year = 365 * 24 * 60 * 60_000;
    // A clock moved a year on, the bucket used up there, then the clock set back.
    advance(year);
    for (let index = 0; index < PER_ADDRESS.max; index += 1) await limiter().consume(charge);
    await expect(limiter().consume(charge)).rejects.toBeInstanceOf(RateLimitedError);
    advance(-year);
    await expect(limiter().consume(charge)).resolves.toBeUndefined();

    // Another instance's clock a little ahead: its attempts count.
    const other = [{ rule: PER_ADDRESS, subject: 'dan@example.com' }];
    advance(10_000);
    for (let index = 0; index < PER_ADDRESS.max; index += 1) await limiter().consume(other);
    advance(-10_000);
    const refused = await limiter()
      .consume(other)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(70);
  });
});
