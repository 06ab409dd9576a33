/** A job of the model's steps: enqueued under a key no earlier run of it used, then run. */
import { enqueue } from '../../src/jobs/enqueue.js';
import type { TJobDefinition } from '../../src/jobs/job-definition.js';
import type { TWorld } from './world.js';

const runs = new Map<string, number>();

/** A finished job's key would dedupe the next one: each run counts its own (`<key>-<n>`). */
export async function enqueueAndRun<TPayload>(
  world: TWorld,
  job: TJobDefinition<TPayload>,
  payload: TPayload,
  key: string,
): Promise<void> {
  const run = (runs.get(key) ?? 0) + 1;
  runs.set(key, run);
  await enqueue(world.database.db, job, payload, { dedupeKey: `${key}-${run}` });
  await world.runJobs();
}
