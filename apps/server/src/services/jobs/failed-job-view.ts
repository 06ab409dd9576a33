/**
 * A failed job as the console shows it: kind, status, attempts, the scrubbed last error, times, and
 * what it is about by id only; the rest of its payload is never shown.
 */
import type { TFailedJob, TFailedJobSubject } from '@pledge/contract';
import { jobDefinitionOf } from '../../jobs/job-kinds.js';
import type { TFailedOrRetryingJob } from '../../jobs/dead-letters.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payload fields that name what a job is about, in the order they are looked for. */
const SUBJECT_FIELDS: readonly [string, TFailedJobSubject['type']][] = [
  ['loanUuid', 'LOAN'],
  ['appUuid', 'APPLICATION'],
  ['documentUuid', 'IDENTITY_DOCUMENT'],
  ['statementUuid', 'STATEMENT'],
  ['liquidationUuid', 'LIQUIDATION'],
  ['outboxId', 'EMAIL'],
  ['waitlistId', 'WAITLIST_ENTRY'],
];

export function subjectOfPayload(payload: unknown): TFailedJobSubject | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  for (const [field, type] of SUBJECT_FIELDS) {
    const id = record[field];
    if (typeof id === 'string' && UUID_PATTERN.test(id)) return { type, id: id.toLowerCase() };
  }
  return null;
}

export const FAILED_JOB_MESSAGES = {
  notFound: 'No such job: it has run, was discarded, or never existed.',
  running: 'This job is running right now. Try again in a moment.',
  notFailed: 'This job is no longer failed: it was retried or has run.',
  unknownKind: 'This release does not know this kind of job: it cannot be discarded here.',
  sandboxOnly: 'This kind of job runs only in the sandbox: it is not retried here.',
} as const;

/** Why one agent may not discard a job of the kind, or null when they may. */
export function discardRefusalOf(kind: string): string | null {
  const definition = jobDefinitionOf(kind);
  if (definition === undefined) return FAILED_JOB_MESSAGES.unknownKind;
  if (definition.movesMoneyOrOwnership === undefined) return null;
  return (
    `A ${kind} job moves money or changes who owns what (${definition.movesMoneyOrOwnership}): ` +
    'one agent may not discard it. Retry it once the cause is fixed.'
  );
}

export function toFailedJobView(job: TFailedOrRetryingJob): TFailedJob {
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.isDead ? 'DEAD' : 'RETRYING',
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    failedAt: job.failedAt.toISOString(),
    nextAttemptAt: job.isDead ? null : job.runAt.toISOString(),
    createdAt: job.createdAt.toISOString(),
    subject: subjectOfPayload(job.payload),
    discardRefusal: discardRefusalOf(job.kind),
  };
}
