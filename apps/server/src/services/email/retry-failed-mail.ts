/**
 * An agent sends a failed e-mail again: its job gets a fresh set of attempts (or a new job when
 * the failed one was already pruned), the message is queued again, and the retry is audited, in
 * one transaction. A message that is no longer failed is left as it is, so a double click retries
 * once.
 */
import type { TPostOpsRetryMailResponse } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { auditEvents, outbox } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { deliverEmailDedupeKey, deliverEmailJob } from '../../jobs/definitions/deliver-email.js';
import { retryFailedJob } from '../../jobs/dead-letters.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { listFailedMail } from './list-failed-mail.js';

export const OUTBOX_AUDIT_ENTITY = 'outbox';

export const RETRY_MAIL_MESSAGES = {
  notFound: 'No such e-mail',
  busy: 'This e-mail is being delivered right now. Try again in a moment.',
  codeNotResent:
    'This e-mail carries a one-time code, which has expired: it is not sent again. The person can ask for a new code.',
} as const;

/** Messages whose one-time code dies within minutes: a failed one is never sent again. */
const CODE_EMAIL_KINDS: ReadonlySet<string> = new Set(['sign-in-code', 'email-change-code']);

export async function retryFailedMail(
  deps: { db: TDb; cipher: TFieldCipher },
  input: { outboxId: string; agentUuid: string },
): Promise<TPostOpsRetryMailResponse> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: outbox.id, kind: outbox.kind, status: outbox.status, jobId: outbox.jobId })
      .from(outbox)
      .where(eq(outbox.id, input.outboxId))
      .for('update');
    if (row === undefined) throw new HttpError(404, 'NOT_FOUND', RETRY_MAIL_MESSAGES.notFound);
    if (row.status !== 'failed') return;
    if (CODE_EMAIL_KINDS.has(row.kind)) {
      throw new HttpError(409, 'CODE_EMAIL_NOT_RESENT', RETRY_MAIL_MESSAGES.codeNotResent);
    }

    let jobId = row.jobId;
    const isRetried = jobId !== null && (await retryFailedJob(tx, deliverEmailJob, jobId));
    if (!isRetried) {
      const job = await enqueue(
        tx,
        deliverEmailJob,
        { outboxId: row.id },
        { dedupeKey: deliverEmailDedupeKey(row.id) },
      );
      // The job of the key still runs: its last attempt has not been recorded yet.
      if (!job.isNew) throw new HttpError(409, 'MAIL_BEING_DELIVERED', RETRY_MAIL_MESSAGES.busy);
      jobId = job.id;
    }
    await tx
      .update(outbox)
      .set({ status: 'queued', attempts: 0, jobId })
      .where(eq(outbox.id, row.id));
    await tx.insert(auditEvents).values({
      entityType: OUTBOX_AUDIT_ENTITY,
      entityId: row.id,
      actor: input.agentUuid,
      fromState: 'failed',
      toState: 'queued',
      reason: 'e-mail retried by an agent',
    });
  });
  return listFailedMail(deps);
}
