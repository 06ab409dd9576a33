/**
 * An agent ends a failed job (retrying or dead): it is not tried again; audited with the reason in
 * the same transaction. A kind that moves money or changes who owns what is refused: one agent
 * may not drop a debit, a settlement, a liquidation or a completion; such a job is retried.
 */
import type { TOpsFailedJobOutcome } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { discardJob } from '../../jobs/dead-letters.js';
import { discardRefusalOf, FAILED_JOB_MESSAGES } from './failed-job-view.js';
import { finishJobAction, lockFailedJob } from './job-action.js';

export async function discardFailedJobAsAgent(
  deps: { db: TDb },
  input: { jobId: string; agentUuid: string; reason: string },
): Promise<TOpsFailedJobOutcome> {
  return deps.db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, input.jobId);
    const refusal = discardRefusalOf(job.kind);
    if (refusal !== null) throw new HttpError(409, 'JOB_DISCARD_REFUSED', refusal);
    if (!(await discardJob(tx, job.id))) {
      throw new HttpError(409, 'JOB_NOT_FAILED', FAILED_JOB_MESSAGES.notFailed);
    }
    return finishJobAction(tx, job, input, 'DISCARDED');
  });
}
