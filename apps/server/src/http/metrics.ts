/**
 * Prometheus metrics of one instance, served at GET /metrics in the text format:
 * - http_request_duration_seconds{method,route,status_code}: by route pattern, never the raw URL;
 * - pledge_jobs_pending{kind}, pledge_jobs_due{kind}, pledge_jobs_failed{kind}: the job queue
 *   (the queue's own numbers: see jobs/queue-stats.ts), and pledge_jobs_running{kind};
 * - pledge_db_pool_connections{state="total"|"idle"}, pledge_db_pool_waiting_requests,
 *   pledge_db_pool_max_connections: this instance's request pool;
 * - pledge_price_age_seconds{coin}: how old the risk engine's newest accepted price is
 *   (price_observations, the prices the risk pass decides on);
 * - pledge_sweep_last_success_age_seconds{sweep}: since the risk pass, the servicing sweep and the
 *   settlement run last finished;
 * - pledge_dependency_up{dependency}, pledge_dependency_last_success_age_seconds{dependency},
 *   pledge_dependency_probe_age_seconds{dependency}: the outside dependencies' last probes.
 * Everything but the pool and the request durations is read from the database at the scrape, so
 * every instance answers the same numbers.
 * - the process metrics of prom-client (CPU, memory, event loop lag, garbage collection).
 * Labels carry route patterns, job kinds and coin symbols only: no personal data.
 *
 * Who may read it: /metrics is served only when METRICS_TOKEN is set, and only to a request that
 * carries it as `Authorization: Bearer <token>` (401 otherwise). Without the setting it is 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { HttpError } from './errors.js';
import { createRequestDurations } from './request-durations.js';
import type { TQueueStats } from '../jobs/queue-stats.js';
import type { THealthMetrics } from '../services/health/read-health-metrics.js';

export const METRICS_PATH = '/metrics';

/** Request durations in seconds: from a cached read to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests that matched no route share one label, so that probing URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';

export interface TMetrics {
  readonly registry: Registry;
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
  /** Prices, sweeps, running jobs and dependencies as the database has them, read at each scrape. */
  health: () => Promise<THealthMetrics>;
  /** The deployment's clock, which the stored times are written on. */
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): TMetrics {
  const { pool, jobQueue, health, log } = options;
  const clock = options.clock ?? (() => new Date());
  const registry = new Registry();

  const requestDurations = createRequestDurations({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    buckets: DURATION_BUCKETS,
    registry,
  });

  const scrapeErrors = new Counter({
    name: 'pledge_metrics_source_errors_total',
    help: 'Scrapes in which a metrics source (such as the job queue) could not be read',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  /**
   * One read of a source per scrape, shared by the gauges it feeds; a read that fails is counted
   * and logged, and its gauges show nothing.
   */
  const readOncePerScrape = <T>(source: string, what: string, read: () => Promise<T>) => {
    let pending: Promise<T | undefined> | undefined;
    return () => {
      pending ??= read()
        .catch((error: unknown) => {
          scrapeErrors.inc({ source });
          log?.warn({ err: error }, `${what} metrics not read`);
          return undefined;
        })
        .finally(() => setImmediate(() => (pending = undefined)));
      return pending;
    };
  };
  // One read of the queue per scrape feeds its three gauges.
  const readQueue = readOncePerScrape('jobs', 'job queue', jobQueue);
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
  // One read of the health tables per scrape feeds the gauges below.
  const readHealth = readOncePerScrape('health', 'health', health);
  const ageSeconds = (at: Date) => Math.max(0, (clock().getTime() - at.getTime()) / 1000);
  const healthGauge = <TLabel extends string>(
    name: string,
    help: string,
    label: TLabel,
    values: (stats: THealthMetrics) => [string, number][],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: [label] as const,
      registers: [registry],
      async collect() {
        const stats = await readHealth();
        this.reset();
        if (stats === undefined) return;
        for (const [key, value] of values(stats)) {
          this.set({ [label]: key } as Record<TLabel, string>, value);
        }
      },
    });
  healthGauge(
    'pledge_jobs_running',
    'Background jobs a worker is running now, by kind',
    'kind',
    (stats) => Object.entries(stats.runningByKind),
  );
  queueGauge(
    'pledge_jobs_failed',
    'Background jobs that failed for good and are kept, by kind',
    (stats) => stats.failedByKind,
  );

  new Gauge({
    name: 'pledge_db_pool_connections',
    help: "Connections of this instance's request pool: total open, and idle among them",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });

  new Gauge({
    name: 'pledge_db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of the request pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });

  new Gauge({
    name: 'pledge_db_pool_max_connections',
    help: 'Connections the request pool opens at most (DB_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool.options.max);
    },
  });

  healthGauge(
    'pledge_price_age_seconds',
    "Age of the risk engine's newest accepted price, by coin (absent before the first)",
    'coin',
    (stats) => Object.entries(stats.newestPriceAt).map(([coin, at]) => [coin, ageSeconds(at)]),
  );
  healthGauge(
    'pledge_sweep_last_success_age_seconds',
    'Seconds since the risk pass, the servicing sweep and the settlement run last finished',
    'sweep',
    (stats) => Object.entries(stats.sweepSucceededAt).map(([sweep, at]) => [sweep, ageSeconds(at)]),
  );
  healthGauge(
    'pledge_collateral_short_addresses',
    "Open loans' deposit addresses whose last confirmed balance is below the ledger's coins, by coin",
    'coin',
    (stats) => Object.entries(stats.collateralShortByCoin),
  );
  healthGauge(
    'pledge_dependency_up',
    'Whether the last probe of an outside dependency was answered (1) or not (0)',
    'dependency',
    (stats) => stats.dependencies.map((entry) => [entry.dependency, entry.isUp ? 1 : 0]),
  );
  healthGauge(
    'pledge_dependency_last_success_age_seconds',
    'Seconds since an outside dependency last answered its probe (absent if it never did)',
    'dependency',
    (stats) =>
      stats.dependencies.flatMap((entry): [string, number][] =>
        entry.lastSuccessAt === null ? [] : [[entry.dependency, ageSeconds(entry.lastSuccessAt)]],
      ),
  );
  healthGauge(
    'pledge_dependency_probe_age_seconds',
    'Seconds since an outside dependency was last probed (a stalled probe job grows it)',
    'dependency',
    (stats) =>
      stats.dependencies.map((entry) => [entry.dependency, ageSeconds(entry.lastProbedAt)]),
  );

  return {
    registry,
    observeRequest(request, statusCode, seconds) {
      requestDurations.observe(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        statusCode,
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
