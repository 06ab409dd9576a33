/**
 * A running instance whose schema a newer release contracted beyond it (db/schema-compat.ts)
 * refuses requests until it is replaced (routes/system/health.ts); its background work stops too:
 * a job of a release that cannot serve the schema fails on what was removed, or writes what the
 * newer release no longer reads. This follows the schema's level and stops the instance's jobs
 * (the worker and what enqueues them) when the level goes beyond this release, saying so in the
 * log, and starts them again when it comes back (the newer release rolled back).
 */
import type pg from 'pg';
import { readSchemaCompat, schemaCompatProblem, servedCompatLevel } from '../db/schema-compat.js';

/**
 * How often the level is read: more often than readiness does (its probes ask anyway), since a
 * job still running on a contracted schema does harm where a refused request does none.
 */
export const JOBS_SCHEMA_CHECK_EVERY_MS = 5_000;

/** The instance's background work, as the process starts and stops it. */
export interface TPausableJobs {
  start(): void;
  /** Stops taking work and waits for what is running to finish. */
  stop(): Promise<void>;
}

export interface TJobsPause {
  /** Stops following the schema; waits for a stop or start under way. */
  stop(): Promise<void>;
}

export function pauseJobsWhenRefused(options: {
  pool: pg.Pool;
  jobs: TPausableJobs;
  log: {
    error(object: object, message: string): void;
    info(object: object, message: string): void;
  };
  /** This build's level (tests give others). */
  releaseLevel?: number;
  everyMs?: number;
}): TJobsPause {
  const releaseLevel = options.releaseLevel ?? servedCompatLevel();
  let refusal: string | null = null;
  let isFollowing = true;
  let change: Promise<void> = Promise.resolve();

  const follow = async () => {
    let problem: string | null;
    try {
      problem = schemaCompatProblem(await readSchemaCompat(options.pool), releaseLevel);
    } catch {
      // The database out of reach says nothing about its schema: the jobs fail and retry as usual.
      return;
    }
    if (!isFollowing || problem === refusal) return;
    refusal = problem;
    if (problem !== null) {
      options.log.error(
        { releaseLevel },
        `job worker stopped: this instance refuses to serve the database schema. ${problem}`,
      );
      await options.jobs.stop();
    } else {
      options.log.info(
        { releaseLevel },
        'job worker started again: the database schema is served by this version again',
      );
      options.jobs.start();
    }
  };

  const timer = setInterval(() => {
    // One change at a time: a start never overtakes the stop before it.
    change = change.then(follow).catch((error: unknown) => {
      options.log.error({ err: error }, 'job worker could not follow the database schema');
    });
  }, options.everyMs ?? JOBS_SCHEMA_CHECK_EVERY_MS);
  timer.unref();

  return {
    async stop() {
      isFollowing = false;
      clearInterval(timer);
      await change;
    },
  };
}
