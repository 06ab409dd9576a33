/**
 * Rate limits kept in PostgreSQL, so that every app instance counts against the same numbers:
 * - `createRateLimiter`: a sliding window of counted attempts per bucket (a rule and its subject:
 *   an address, an IP). A refused attempt is not counted, so a bucket never holds more rows than
 *   its limit.
 * - `createSharedRateLimitStore`: the store of @fastify/rate-limit (the per-route limits), a fixed
 *   window counter per route and client address, counted in one statement.
 *
 * Both tell the time by the clock of the instance that counts. A count made more than a window
 * ahead of that time was made by a clock since set back (the sandbox's clock moved forward, then
 * reset): it counts no more, where it would otherwise hold the bucket shut until real time caught
 * up with it, months later. A count ahead by less (another instance's clock a little ahead) still
 * counts.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, count, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { namedStatement, placeholder } from '../db/named-statement.js';
import { statementClockSql } from '../db/statement-clock.js';
import type { TDb } from '../db/pool.js';
import { rateLimitCounters, rateLimitHits } from '../db/schema/index.js';
import { HttpError } from '../http/errors.js';
import type { TFieldCipher } from './field-encryption.js';
import type { TClock } from './jwt.js';

export interface TRateLimitRule {
  /** Names the bucket family ("otp-start:address"); part of the bucket key. */
  name: string;
  max: number;
  windowMs: number;
}

export interface TRateLimitCharge {
  rule: TRateLimitRule;
  /** Who is counted: an address, an IP. Stored only as a keyed digest. */
  subject: string;
}

/** Expired rows removed per counted attempt: the table cleans itself without a job. */
const PRUNE_BATCH_ROWS = 100;
const BUCKET_DIGEST_PURPOSE = 'rate-limit';

export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'RATE_LIMITED',
      `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

export interface TRateLimiter {
  /**
   * Counts one attempt against every charge, or none when any is over its limit; then throws
   * RateLimitedError with the longest wait. Given the transaction a use case holds (`within`),
   * it counts there, committed with it: a count on a connection of its own would wait for a
   * second connection of the pool while the first is held, and a pool whose every connection is
   * held so would wait for itself.
   */
  consume(charges: readonly TRateLimitCharge[], within?: TDb): Promise<void>;
}

export function createRateLimiter(deps: {
  db: TDb;
  cipher: Pick<TFieldCipher, 'blindIndex'>;
  clock: TClock;
}): TRateLimiter {
  const { db, cipher, clock } = deps;
  return {
    async consume(charges, within) {
      const now = clock();
      const buckets = charges
        .map((charge) => ({
          rule: charge.rule,
          bucket: cipher.blindIndex(
            `${charge.rule.name}\u0000${charge.subject.toLowerCase()}`,
            BUCKET_DIGEST_PURPOSE,
          ),
        }))
        // A fixed order of locks: two requests sharing buckets never wait on each other in a cycle.
        .sort((a, b) => a.bucket.localeCompare(b.bucket));

      const retryAfterMs = await (within ?? db).transaction(async (tx) => {
        let longestWaitMs = 0;
        for (const { rule, bucket } of buckets) {
          // Serialises attempts on one bucket across instances for the rest of the transaction.
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`);
          const since = new Date(now.getTime() - rule.windowMs);
          const until = new Date(now.getTime() + rule.windowMs);
          const [counted] = await tx
            .select({ hits: count(), oldest: sql<Date | null>`min(${rateLimitHits.at})` })
            .from(rateLimitHits)
            .where(
              and(
                eq(rateLimitHits.bucket, bucket),
                gt(rateLimitHits.at, since),
                lt(rateLimitHits.at, until),
              ),
            );
          if ((counted?.hits ?? 0) >= rule.max) {
            const oldest = counted?.oldest ? new Date(counted.oldest) : now;
            longestWaitMs = Math.max(
              longestWaitMs,
              oldest.getTime() + rule.windowMs - now.getTime(),
            );
          }
        }
        if (longestWaitMs > 0) return longestWaitMs;
        await tx.insert(rateLimitHits).values(
          buckets.map(({ rule, bucket }) => ({
            bucket,
            at: now,
            expiresAt: new Date(now.getTime() + rule.windowMs),
          })),
        );
        const expired = tx
          .select({ id: rateLimitHits.id })
          .from(rateLimitHits)
          .where(lt(rateLimitHits.expiresAt, now))
          .limit(PRUNE_BATCH_ROWS);
        await tx.delete(rateLimitHits).where(inArray(rateLimitHits.id, expired));
        return 0;
      });
      if (retryAfterMs > 0) throw new RateLimitedError(Math.ceil(retryAfterMs / 1000));
    },
  };
}

/** Every this many counted requests, a store removes up to PRUNE_BATCH_ROWS expired counters. */
const COUNTER_PRUNE_EVERY = 100;

/**
 * What @fastify/rate-limit hands a store's `child`: the limit's options, with the route itself when
 * the limit comes from a route's config (a limiter made by `app.rateLimit` gets an empty one).
 */
interface TRouteLimitParams {
  groupId?: unknown;
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * The counters a limit owns: its group when it names one (the `route` helper names each limiter
 * "METHOD /path"), else the method and path of its route. A limit with neither would share its
 * counters with every other such limit, so it is refused.
 */
function routeScope(params: unknown): string {
  const { groupId, routeInfo } = (params ?? {}) as TRouteLimitParams;
  if (typeof groupId === 'string' && groupId !== '') return groupId;
  const method = Array.isArray(routeInfo?.method)
    ? routeInfo.method.join(',')
    : String(routeInfo?.method ?? '');
  const url = String(routeInfo?.url ?? '');
  if (method === '' || url === '') {
    throw new Error('A per-route rate limit needs its route or a groupId to name its counters');
  }
  return `${method} ${url}`;
}

/**
 * The sandbox clock as the store reads it (sandbox-clock.ts): the offset is read in the counter's
 * own statement and handed to the process's clock, so that a limited route needs no statement of
 * its own to load it.
 */
export interface TLimitClock {
  loading(): (offsetMs: number) => void;
  realNow(): number;
}

interface TCounterRow {
  hits: number;
  window_ends_ms: string;
  offset_ms: string;
}

/**
 * A route's counter incremented, or restarted when its window is over, in one upsert. `t` is the
 * time of the count (statementClockSql).
 */
function counterStatement(sandbox: boolean): SQL {
  const clockSql = statementClockSql(sandbox);
  // The window of a new count ends windowMs after now: EXCLUDED's end less windowMs is now. A
  // window is over when it ended, or when it started more than a window after now (its end more
  // than a window after EXCLUDED's: counted by a clock since set back).
  const window = sql`${placeholder('windowMs')}::bigint * interval '1 millisecond'`;
  const isOver = sql`(r.window_ends_at <= EXCLUDED.window_ends_at - ${window}
    OR r.window_ends_at > EXCLUDED.window_ends_at + ${window})`;
  return sql`
    WITH t AS (${clockSql})
    INSERT INTO rate_limit_counters AS r (bucket, hits, window_ends_at)
    SELECT ${placeholder('bucket')}, 1, t.now + ${window}
    FROM t
    ON CONFLICT (bucket) DO UPDATE
      SET hits = CASE WHEN ${isOver} THEN 1 ELSE r.hits + 1 END,
        window_ends_at = CASE WHEN ${isOver} THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
    RETURNING r.hits, round(extract(epoch FROM r.window_ends_at) * 1000)::bigint AS window_ends_ms,
      (SELECT offset_ms FROM t) AS offset_ms`;
}

/**
 * The @fastify/rate-limit store shared by every instance: a counter row per route and client key
 * in PostgreSQL, incremented (or restarted when its window is over) in one upsert, so that
 * concurrent requests on any instance count exactly. With the sandbox clock, the same statement
 * loads its offset (a limited route's first use of the time is its limit: app.ts then loads the
 * clock in no statement of its own).
 */
export function createSharedRateLimitStore(deps: {
  db: TDb;
  cipher: Pick<TFieldCipher, 'blindIndex'>;
  clock: TClock;
  sandboxClock?: TLimitClock;
}): FastifyRateLimitStoreCtor {
  const { db, cipher, clock, sandboxClock } = deps;
  let counted = 0;
  const countHit = namedStatement<TCounterRow>(
    db,
    `rate_limit_count${sandboxClock !== undefined ? '_sandbox' : ''}`,
    () => counterStatement(sandboxClock !== undefined),
  );

  async function pruneExpired(now: Date): Promise<void> {
    const expired = db
      .select({ bucket: rateLimitCounters.bucket })
      .from(rateLimitCounters)
      .where(lt(rateLimitCounters.windowEndsAt, now))
      .limit(PRUNE_BATCH_ROWS);
    await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.bucket, expired));
  }

  async function increment(scope: string, key: string, windowMs: number) {
    const bucket = cipher.blindIndex(
      `route\u0000${scope}\u0000${key.toLowerCase()}`,
      BUCKET_DIGEST_PURPOSE,
    );
    let nowMs: number;
    let row: TCounterRow | undefined;
    if (sandboxClock === undefined) {
      const now = clock();
      nowMs = now.getTime();
      [row] = await countHit({ now: now.toISOString(), bucket, windowMs });
    } else {
      const takeOffset = sandboxClock.loading();
      const realNowMs = sandboxClock.realNow();
      [row] = await countHit({ realNowMs, bucket, windowMs });
      const offsetMs = Number(row?.offset_ms ?? 0);
      if (row !== undefined) takeOffset(offsetMs);
      nowMs = realNowMs + offsetMs;
    }
    if (row === undefined) throw new Error('The rate-limit counter returned no row');
    counted += 1;
    if (counted % COUNTER_PRUNE_EVERY === 0) await pruneExpired(new Date(nowMs));
    return {
      current: Number(row.hits),
      ttl: Math.max(0, Number(row.window_ends_ms) - nowMs),
    };
  }

  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly scope = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      increment(this.scope, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      return new SharedRateLimitStore(undefined, routeScope(params));
    }
  }
  return SharedRateLimitStore;
}
