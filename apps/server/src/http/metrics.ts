/**
 * Prometheus metrics of one instance, served at GET /metrics in the text format:
 * - http_request_duration_seconds{method,route,status_code}: by route pattern, never the raw URL;
 * - pledge_jobs_pending{kind}, pledge_jobs_due{kind}, pledge_jobs_failed{kind}: the job queue
 *   (the queue's own numbers: see jobs/queue-stats.ts);
 * - pledge_db_pool_connections{state="total"|"idle"}, pledge_db_pool_waiting_requests,
 *   pledge_db_pool_max_connections: this instance's PostgreSQL pool;
 * - pledge_price_age_seconds{coin}: how old the newest price quote this instance obtained is;
 * - the process metrics of prom-client (CPU, memory, event loop lag, garbage collection).
 * Labels carry route patterns, job kinds and coin symbols only: no personal data.
 *
 * Who may read it: /metrics is served only when METRICS_TOKEN is set, and only to a request that
 * carries it as `Authorization: Bearer <token>` (401 otherwise). Without the setting it is 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TOfferedCollateralType } from '@pledge/domain';
import type { TPricesPort } from '../adapters/prices/port.js';
import { HttpError } from './errors.js';
import type { TQueueStats } from '../jobs/queue-stats.js';

export const METRICS_PATH = '/metrics';

/** Request durations in seconds: from a cached read to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests that matched no route share one label, so that probing URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';

export interface TMetrics {
  readonly registry: Registry;
  /** The same port, noting the time of every quote it answers (for the price age). */
  observePrices(port: TPricesPort): TPricesPort;
  /** Records one answered request. */
  observeRequest(request: FastifyRequest, statusCode: number, seconds: number): void;
  /** This instance's metrics and the process's, in the Prometheus text format. */
  render(): Promise<{ contentType: string; body: string }>;
}

let processRegistry: Registry | undefined;

/** The process metrics, collected once per process however many apps it builds. */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(options: {
  pool: pg.Pool;
  /** The job queue's numbers, read at each scrape. */
  jobQueue: () => Promise<TQueueStats>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): TMetrics {
  const { pool, jobQueue, log } = options;
  const registry = new Registry();
  const quotedAt = new Map<TOfferedCollateralType, number>();

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const scrapeErrors = new Counter({
    name: 'pledge_metrics_source_errors_total',
    help: 'Scrapes in which a metrics source (such as the job queue) could not be read',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  // One read of the queue per scrape feeds its three gauges.
  let queueRead: Promise<TQueueStats | undefined> | undefined;
  const readQueue = () => {
    queueRead ??= jobQueue()
      .catch((error: unknown) => {
        scrapeErrors.inc({ source: 'jobs' });
        log?.warn({ err: error }, 'job queue metrics not read');
        return undefined;
      })
      .finally(() => setImmediate(() => (queueRead = undefined)));
    return queueRead;
  };
  const queueGauge = (
    name: string,
    help: string,
    pick: (stats: TQueueStats) => Record<string, number>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const stats = await readQueue();
        this.reset();
        if (stats === undefined) return;
        for (const [kind, count] of Object.entries(pick(stats))) this.set({ kind }, count);
      },
    });
  queueGauge(
    'pledge_jobs_pending',
    'Background jobs not finished nor failed for good (due, scheduled or running), by kind',
    (stats) => stats.depthByKind,
  );
  queueGauge(
    'pledge_jobs_due',
    'Background jobs due now and not yet taken by a worker, by kind',
    (stats) => stats.dueByKind,
  );
  queueGauge(
    'pledge_jobs_failed',
    'Background jobs that failed for good and are kept, by kind',
    (stats) => stats.failedByKind,
  );

  new Gauge({
    name: 'pledge_db_pool_connections',
    help: "Connections of this instance's PostgreSQL pool: total open, and idle among them",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });

  new Gauge({
    name: 'pledge_db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of the pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });

  new Gauge({
    name: 'pledge_db_pool_max_connections',
    help: 'Connections the pool opens at most (DB_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool.options.max);
    },
  });

  new Gauge({
    name: 'pledge_price_age_seconds',
    help: 'Age of the newest price quote this instance obtained, by coin',
    labelNames: ['coin'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [coin, at] of quotedAt) this.set({ coin }, Math.max(0, (now - at) / 1000));
    },
  });

  return {
    registry,
    observePrices(port) {
      return {
        async getPrice(type) {
          const quote = await port.getPrice(type);
          const at = quote.asOf.getTime();
          if (at > (quotedAt.get(type) ?? 0)) quotedAt.set(type, at);
          return quote;
        },
      };
    },
    observeRequest(request, statusCode, seconds) {
      requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(statusCode),
        },
        seconds,
      );
    },
    async render() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the request carries the metrics token (compared in constant time). */
function carriesToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header) : null;
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * Times every request of the instance and, when a token is configured, serves GET /metrics to its
 * bearer. Call on the root instance (or inside a fastify-plugin) so the hook sees every route.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: TMetrics,
  options: { token: string | undefined },
): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (options.token === undefined) return;
  const expected = digest(options.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request, expected)) {
      throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthenticated');
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}
