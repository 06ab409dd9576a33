import { eq } from 'drizzle-orm';
import type { TDb } from '../db/pool.js';
import { jobs } from '../db/schema/index.js';
import type { TJobDefinition } from './job-definition.js';

export interface TEnqueueOptions {
  /** Not run before this time; now by default. */
  runAt?: Date;
  /** At most one job per key, ever: a second enqueue with the key is a no-op. */
  dedupeKey?: string;
}

export interface TEnqueued {
  id: string;
  /** False when a job with the dedupe key already existed. */
  isNew: boolean;
}

/**
 * Adds a job inside the caller's transaction (pass the `tx`), so that the change needing the job
 * and the job itself commit or roll back together.
 */
export async function enqueue<TPayload>(
  tx: TDb,
  definition: TJobDefinition<TPayload>,
  payload: TPayload,
  options: TEnqueueOptions = {},
): Promise<TEnqueued> {
  const checked = definition.payload.parse(payload);
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: definition.kind,
      payload: checked,
      maxAttempts: definition.maxAttempts,
      ...(options.runAt !== undefined ? { runAt: options.runAt } : {}),
      ...(options.dedupeKey !== undefined ? { dedupeKey: options.dedupeKey } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (row !== undefined) return { id: row.id, isNew: true };
  if (options.dedupeKey === undefined) throw new Error('The job insert returned no row');
  const [existing] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.dedupeKey, options.dedupeKey));
  if (existing === undefined) throw new Error('The deduplicated job could not be found');
  return { id: existing.id, isNew: false };
}
