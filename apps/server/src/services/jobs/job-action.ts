/**
 * What an agent's retry and discard of a failed job share: the job locked for the decision, the
 * checks every action makes, the outbox kept in step for an e-mail job, and the audit row.
 */
import type { TFailedJobStatus, TOpsFailedJobOutcome } from '@pledge/contract';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, outbox } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { lockJob, type TFailedOrRetryingJob } from '../../jobs/dead-letters.js';
import { deliverCodeEmailJob } from '../../jobs/definitions/deliver-code-email.js';
import { deliverEmailJob } from '../../jobs/definitions/deliver-email.js';
import { FAILED_JOB_MESSAGES } from './failed-job-view.js';

export const JOB_AUDIT_ENTITY = 'job';

type TJobActionOutcome = TOpsFailedJobOutcome['outcome'];

/** The job kinds that deliver an outbox message: their outbox row follows what is done. */
const OUTBOX_JOB_KINDS: ReadonlySet<string> = new Set([
  deliverEmailJob.kind,
  deliverCodeEmailJob.kind,
]);

/** The failed job, locked; 404 when there is none, 409 when it runs or has not failed. */
export async function lockFailedJob(tx: TDb, jobId: string): Promise<TFailedOrRetryingJob> {
  const job = await lockJob(tx, jobId);
  if (job === undefined) throw new HttpError(404, 'NOT_FOUND', FAILED_JOB_MESSAGES.notFound);
  if (job.isRunning) throw new HttpError(409, 'JOB_RUNNING', FAILED_JOB_MESSAGES.running);
  if (!job.hasFailed) throw new HttpError(409, 'JOB_NOT_FAILED', FAILED_JOB_MESSAGES.notFailed);
  return job;
}

function outboxIdOf(job: TFailedOrRetryingJob): string | undefined {
  if (!OUTBOX_JOB_KINDS.has(job.kind)) return undefined;
  const id = (job.payload as { outboxId?: unknown } | null)?.outboxId;
  return typeof id === 'string' ? id : undefined;
}

/** The outbox row of an e-mail job, queued again on a retry or failed on a discard. */
async function keepOutboxInStep(
  tx: TDb,
  job: TFailedOrRetryingJob,
  outcome: TJobActionOutcome,
): Promise<void> {
  const outboxId = outboxIdOf(job);
  if (outboxId === undefined) return;
  if (outcome === 'RETRIED') {
    await tx
      .update(outbox)
      .set({ status: 'queued', attempts: 0 })
      .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'failed')));
  } else {
    await tx
      .update(outbox)
      .set({ status: 'failed' })
      .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'queued')));
  }
}

async function auditJobAction(
  tx: TDb,
  input: {
    job: TFailedOrRetryingJob;
    agentUuid: string;
    reason: string;
    outcome: TJobActionOutcome;
  },
): Promise<void> {
  const fromState: TFailedJobStatus = input.job.isDead ? 'DEAD' : 'RETRYING';
  await tx.insert(auditEvents).values({
    entityType: JOB_AUDIT_ENTITY,
    entityId: input.job.id,
    actor: input.agentUuid,
    fromState,
    toState: input.outcome === 'RETRIED' ? 'QUEUED' : 'DISCARDED',
    reason: `${input.job.kind}: ${input.reason}`,
  });
}

/**
 * What follows an agent's retry or discard once the queue has taken it, in the same transaction:
 * the outbox kept in step, the audit row with the agent's reason, and the answer.
 */
export async function finishJobAction(
  tx: TDb,
  job: TFailedOrRetryingJob,
  input: { agentUuid: string; reason: string },
  outcome: TJobActionOutcome,
): Promise<TOpsFailedJobOutcome> {
  await keepOutboxInStep(tx, job, outcome);
  await auditJobAction(tx, { job, agentUuid: input.agentUuid, reason: input.reason, outcome });
  return { jobId: job.id, outcome };
}
