/**
 * The process: configuration → database (embedded when DATABASE_URL is unset) → migrations →
 * sandbox seed → app → listen → job worker; a graceful shutdown on SIGINT/SIGTERM, bounded by a
 * hard timeout.
 */
import type { FastifyInstance } from 'fastify';
import { createAdapters } from './adapters/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { createDatabase, type TDatabase } from './db/pool.js';
import { seedSandbox } from './db/seed.js';
import { createLogger } from './logger.js';
import { createFieldCipher } from './security/field-encryption.js';
import { seedIdentities } from './services/identity/seed-identities.js';
import { createSandboxClock, SANDBOX_CLOCK_FOLLOW_MS } from './services/sandbox/sandbox-clock.js';
import { createJobRegistrations } from './jobs/registry.js';
import { createJobWorker, type TJobWorker } from './jobs/worker.js';
import { startJobPruning, type TJobPruning } from './jobs/schedule-job-pruning.js';
import {
  startCollateralSweeps,
  type TCollateralSweeps,
} from './services/collateral/schedule-collateral-sweeps.js';

/** Past this, a shutdown that is still waiting (a hung request, a stuck query) is cut short. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);

  let embedded: TEmbeddedPostgres | undefined;
  let database: TDatabase | undefined;
  let app: FastifyInstance | undefined;
  let worker: TJobWorker | undefined;
  let collateralSweeps: TCollateralSweeps | undefined;
  let jobPruning: TJobPruning | undefined;
  let clockFollowing: { stop(): void } | undefined;
  let isShuttingDown = false;

  const shutdown = async (reason: string, exitCode: number): Promise<void> => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ reason }, 'shutting down');
    const hardStop = setTimeout(() => {
      logger.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    hardStop.unref();
    collateralSweeps?.stop();
    jobPruning?.stop();
    clockFollowing?.stop();
    // Stop taking requests and drain them, then release the database, then stop it.
    const [currentApp, currentWorker, currentDatabase, currentEmbedded] = [
      app,
      worker,
      database,
      embedded,
    ];
    const steps: [string, () => Promise<unknown>][] = [];
    if (currentApp) steps.push(['http server', () => currentApp.close()]);
    // The jobs it is running finish (or are reaped by another instance after the hard stop).
    if (currentWorker) steps.push(['job worker', () => currentWorker.stop()]);
    if (currentDatabase) steps.push(['database pool', () => currentDatabase.pool.end()]);
    if (currentEmbedded) steps.push(['embedded PostgreSQL', () => currentEmbedded.stop()]);
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, `failed to stop the ${name}`);
        exitCode = 1;
      }
    }
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
    let databaseUrl = config.databaseUrl;
    if (databaseUrl === undefined) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        log: {
          info: (message) => logger.info(message),
          warn: (message) => logger.warn(message),
          debug: (message) => logger.debug(message),
        },
      });
      databaseUrl = embedded.url;
    }
    database = createDatabase(databaseUrl);
    await runMigrations(database.pool);
    if (config.sandbox) await seedSandbox(database.db);
    await seedIdentities({
      db: database.db,
      cipher: createFieldCipher(config.encryptionKey),
      sandbox: config.sandbox,
      agentEmails: config.agentEmails,
    });

    const adapters = createAdapters({ config, db: database.db, log: logger });
    // One clock for the app and the jobs: the sandbox clock (kept in the database) or real time.
    const sandboxClock = config.sandbox ? createSandboxClock(database.db) : undefined;
    await sandboxClock?.refresh();
    const clock = sandboxClock?.now ?? (() => new Date());
    app = await buildApp({
      config,
      database,
      adapters,
      logger,
      ...(sandboxClock !== undefined ? { sandboxClock } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    if (config.jobWorker) {
      worker = createJobWorker({
        db: database.db,
        clock,
        registrations: createJobRegistrations({
          db: database.db,
          clock,
          cipher: createFieldCipher(config.encryptionKey),
          adapters,
          sandbox: config.sandbox,
          log: logger,
          jobRetention: config.jobRetention,
        }),
        log: logger,
      });
      worker.start();
      clockFollowing = sandboxClock?.follow(SANDBOX_CLOCK_FOLLOW_MS, (error) =>
        logger.warn({ err: error }, 'sandbox clock not loaded'),
      );
      collateralSweeps = startCollateralSweeps({
        db: database.db,
        clock,
        onError: (error) => logger.warn({ err: error }, 'collateral sweeps were not enqueued'),
      });
      jobPruning = startJobPruning({
        db: database.db,
        clock,
        onError: (error) => logger.warn({ err: error }, 'job pruning was not enqueued'),
      });
    }
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(
      { sandbox: config.sandbox, embeddedDatabase: embedded !== undefined },
      `Listening on http://${shownHost}:${config.port}/account/crypto-backed-loan`,
    );
  } catch (error) {
    logger.fatal({ err: error }, 'failed to start');
    await shutdown('startup failure', 1);
  }
}

void main();
