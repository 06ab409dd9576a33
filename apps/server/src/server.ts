/**
 * The process: configuration → database (embedded when DATABASE_URL is unset) → migrations →
 * sandbox seed → app → listen → job worker. On SIGTERM or SIGINT it drains: readiness answers 503,
 * the listener closes (no new connections; requests arriving on open ones answer 503), requests in
 * flight and running jobs finish, then the pool closes and the process exits 0. DRAIN_TIMEOUT_MS
 * bounds the whole drain; past it the process exits 1.
 */
import type { FastifyInstance } from 'fastify';
import { createAdapters } from './adapters/index.js';
import { buildApp } from './app.js';
import { loadConfigOrReport } from './config.js';
import { openConfiguredDatabase, type TEmbeddedPostgres } from './db/embedded.js';
import { runMigrations, SchemaTooNewError } from './db/migrate.js';
import { createDatabase, type TDatabase } from './db/pool.js';
import { seedSandbox } from './db/seed.js';
import { createLogger } from './logger.js';
import { installBrands } from './brands/brands.js';
import {
  NoBrandsError,
  readPublishedBrands,
  seedBrands,
  startBrandSync,
  type TBrandSync,
} from './brands/brand-store.js';
import { pauseJobsWhenRefused, type TJobsPause } from './deploy/pause-jobs-when-refused.js';
import { prepareStoredData } from './deploy/prepare-stored-data.js';
import { seedIdentities } from './services/identity/seed-identities.js';
import { createSandboxClock, SANDBOX_CLOCK_FOLLOW_MS } from './services/sandbox/sandbox-clock.js';
import { createJobRegistrations, createJobSchedules } from './jobs/registry.js';
import { createJobWorker, JOB_CONCURRENCY, type TJobWorker } from './jobs/worker.js';
import { createDependencyProbes } from './services/health/dependency-probes.js';
import {
  startCollateralSweeps,
  type TCollateralSweeps,
} from './services/collateral/schedule-collateral-sweeps.js';
import {
  startPartnerOutboxDrainer,
  type TPartnerOutboxDrainer,
} from './services/partner/drain-partner-outbox.js';

/**
 * The background pool's connections: with the job worker, one for each job it runs at once, its
 * LISTEN, its fetching and completing of jobs, and the brands' LISTEN; without it, the brands'
 * LISTEN and their periodic check.
 */
function backgroundPoolSize(jobWorker: boolean): number {
  return jobWorker ? JOB_CONCURRENCY + 3 : 2;
}

/** While draining, how often connections whose last answer has gone out are closed. */
const DRAIN_SWEEP_MS = 100;

/**
 * Closes the HTTP server once the requests in flight are answered. A keep-alive connection (a load
 * balancer's) would otherwise stay open after its last answer until the keep-alive timeout: it is
 * closed as soon as it is idle. Then waits for the handlers still running whose client hung up
 * (their connections are gone, their work is not), so that the pool outlives them.
 */
async function closeDraining(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), DRAIN_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
  await app.inFlight.idle();
}

async function main(): Promise<void> {
  const config = loadConfigOrReport() ?? process.exit(1);
  const logger = createLogger(config.logLevel);
  // Served until the database's published versions are read (none yet on an empty database).
  if (config.brands !== null) installBrands(config.brands);

  let embedded: TEmbeddedPostgres | undefined;
  let database: TDatabase | undefined;
  let background: TDatabase | undefined;
  let app: FastifyInstance | undefined;
  let worker: TJobWorker | undefined;
  let collateralSweeps: TCollateralSweeps | undefined;
  let partnerDrainer: TPartnerOutboxDrainer | undefined;
  let jobsPause: TJobsPause | undefined;
  let clockFollowing: { stop(): void } | undefined;
  let brandSync: TBrandSync | undefined;
  let isShuttingDown = false;

  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ trigger: reason }, 'shutting down');
    // Past this, a shutdown still waiting (a hung request, a stuck query) is cut short.
    const hardStop = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      logger.flush();
      process.exit(1);
    }, config.drainTimeoutMs);
    hardStop.unref();
    // Its stop or start under way finishes first: the worker is then stopped once, below.
    await jobsPause?.stop();
    collateralSweeps?.stop();
    await partnerDrainer?.stop();
    clockFollowing?.stop();
    await brandSync?.stop();
    // Stop taking requests and drain them, then release the database, then stop it.
    const [currentApp, currentWorker, currentDatabase, currentBackground, currentEmbedded] = [
      app,
      worker,
      database,
      background,
      embedded,
    ];
    const stop = async (name: string, step: () => Promise<unknown>): Promise<void> => {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, `failed to stop the ${name}`);
        exitCode = 1;
      }
    };
    // Requests in flight and the jobs being run finish side by side (a job cut short by the hard
    // stop is reaped by another instance after its lease); both still need the pool.
    await Promise.all([
      currentApp ? stop('http server', () => closeDraining(currentApp)) : undefined,
      currentWorker ? stop('job worker', () => currentWorker.stop()) : undefined,
    ]);
    if (currentDatabase) await stop('database pool', () => currentDatabase.pool.end());
    if (currentBackground) await stop('background pool', () => currentBackground.pool.end());
    if (currentEmbedded) await stop('embedded PostgreSQL', () => currentEmbedded.stop());
    logger.info({ exitCode }, 'stopped');
    clearTimeout(hardStop);
    logger.flush();
    process.exit(exitCode);
  };

  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void shutdown('uncaught exception', 1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled rejection');
    void shutdown('unhandled rejection', 1);
  });

  try {
    const opened = await openConfiguredDatabase(config, logger);
    embedded = opened.embedded;
    const databaseUrl = opened.url;
    // Migrations run on a connection of their own without the statement timeout: a long index
    // build must not be cut short, nor an instance waiting for another one's migration lock.
    // Two connections: one holds the migration lock while the job queue's schema is installed.
    const migrator = createDatabase(databaseUrl, { maxConnections: 2 });
    try {
      await runMigrations(migrator.pool, { log: logger });
    } finally {
      await migrator.pool.end();
    }
    database = createDatabase(databaseUrl, {
      maxConnections: config.dbPoolSize,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
    // Background work (the job worker with its sweeps and outbox drainer, the brands' LISTEN) has
    // a pool of its own: a sweep or a held LISTEN never takes a connection a request waits for,
    // and the request pool is sized to what the requests keep busy (DB_POOL_SIZE).
    background = createDatabase(databaseUrl, {
      maxConnections: backgroundPoolSize(config.jobWorker),
      statementTimeoutMs: config.dbStatementTimeoutMs,
      applicationName: 'pledge-background',
    });
    const adapters = createAdapters({ config, db: database.db, log: logger });
    // The keys are checked before anything reads or writes personal data.
    const { cipher } = await prepareStoredData({
      config,
      db: database.db,
      storage: adapters.storage,
      log: logger,
    });
    if (config.sandbox) await seedSandbox(database.db, cipher);
    await seedIdentities({
      db: database.db,
      cipher,
      sandbox: config.sandbox,
      agentEmails: config.agentEmails,
    });
    // The brand file seeds an empty database; then every instance serves the published versions.
    if (config.brands !== null) await seedBrands(database.db, config.brands);
    else if ((await readPublishedBrands(database.db)) === null) throw new NoBrandsError();
    brandSync = await startBrandSync({
      db: background.db,
      pool: background.pool,
      onError: (error) => logger.warn({ err: error }, 'brands not reloaded'),
    });

    // One clock for the app and the jobs: the sandbox clock (kept in the database) or real time.
    const sandboxClock = config.sandbox ? createSandboxClock(database.db) : undefined;
    await sandboxClock?.refresh();
    const clock = sandboxClock?.now ?? (() => new Date());
    app = await buildApp({
      config,
      database,
      adapters,
      logger,
      fieldCipher: cipher,
      ...(sandboxClock !== undefined ? { sandboxClock } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    if (config.jobWorker) {
      // The jobs' own statements go through the background pool; what they do through an adapter
      // (stored files, the sandbox's prices) through the request pool's, like a request's.
      const { db } = background;
      worker = createJobWorker({
        db,
        clock,
        ...(sandboxClock !== undefined ? { beforeEachJob: () => sandboxClock.refresh() } : {}),
        registrations: createJobRegistrations({
          db,
          clock,
          cipher,
          adapters,
          sandbox: config.sandbox,
          plaid: config.plaid,
          log: logger,
          jobRetention: config.jobRetention,
          dependencyProbes: createDependencyProbes({ config, adapters, db }),
        }),
        schedules: createJobSchedules(),
        log: logger,
      });
      worker.start();
      clockFollowing = sandboxClock?.follow(SANDBOX_CLOCK_FOLLOW_MS, (error) =>
        logger.warn({ err: error }, 'sandbox clock not loaded'),
      );
      const startSweeps = () =>
        startCollateralSweeps({
          db,
          clock,
          onError: (error) => logger.warn({ err: error }, 'collateral sweeps were not enqueued'),
        });
      collateralSweeps = startSweeps();
      const startDrainer = () =>
        startPartnerOutboxDrainer({
          db,
          clock,
          onError: (error) => logger.warn({ err: error }, 'partner outbox not drained'),
        });
      partnerDrainer = startDrainer();
      // A schema this release cannot serve (a newer one contracted it) stops the jobs as well as
      // the requests, until it is one this release serves again.
      const jobWorker = worker;
      jobsPause = pauseJobsWhenRefused({
        pool: background.pool,
        log: logger,
        jobs: {
          start() {
            jobWorker.start();
            collateralSweeps ??= startSweeps();
            partnerDrainer ??= startDrainer();
          },
          async stop() {
            collateralSweeps?.stop();
            collateralSweeps = undefined;
            await partnerDrainer?.stop();
            partnerDrainer = undefined;
            await jobWorker.stop();
          },
        },
      });
    }
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(
      { sandbox: config.sandbox, embeddedDatabase: embedded !== undefined },
      `Listening on http://${shownHost}:${config.port}/account/crypto-backed-loan`,
    );
  } catch (error) {
    if (error instanceof SchemaTooNewError || error instanceof NoBrandsError) {
      // An operator's mistake, not a crash: the reason alone, on stderr as well as in the log.
      logger.fatal(error.message);
      process.stderr.write(`${error.message}\n`);
    } else logger.fatal({ err: error }, 'failed to start');
    await shutdown('startup failure', 1);
  }
}

void main();
