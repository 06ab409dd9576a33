/**
 * An agent puts a failed job (retrying or dead) back in the queue now, with its kind's full set of
 * attempts, and says why; audited in the same transaction. A job that is no longer failed is
 * refused, so a double click retries once.
 */
import type { TOpsFailedJobOutcome } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { retryJobNow } from '../../jobs/dead-letters.js';
import { jobDefinitionOf } from '../../jobs/job-kinds.js';
import { FAILED_JOB_MESSAGES } from './failed-job-view.js';
import { finishJobAction, lockFailedJob } from './job-action.js';

export async function retryFailedJobAsAgent(
  deps: { db: TDb; sandbox: boolean },
  input: { jobId: string; agentUuid: string; reason: string },
): Promise<TOpsFailedJobOutcome> {
  return deps.db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, input.jobId);
    const definition = jobDefinitionOf(job.kind);
    // Not registered outside the sandbox: retried, it would wait for a worker that never comes.
    if (definition?.sandboxOnly === true && !deps.sandbox) {
      throw new HttpError(409, 'JOB_SANDBOX_ONLY', FAILED_JOB_MESSAGES.sandboxOnly);
    }
    // A job given up early (PermanentJobError) has its attempts cut: the kind's own count again.
    const maxAttempts = definition?.maxAttempts ?? Math.max(job.maxAttempts, 1);
    if (!(await retryJobNow(tx, job.id, maxAttempts))) {
      throw new HttpError(409, 'JOB_NOT_FAILED', FAILED_JOB_MESSAGES.notFailed);
    }
    return finishJobAction(tx, job, input, 'RETRIED');
  });
}
