/**
 * The e-mail job: hands one queued outbox message to the mail port and records the outcome. A
 * failed attempt records its error (secrets blanked out) and throws, so the queue retries it;
 * the last failed attempt leaves the message failed, for an agent to retry. Delivery is at least
 * once: a worker that dies between the hand-over and the record sends the message again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { withoutSecrets, type TEmailPort } from '../../adapters/email/port.js';
import type { TDb } from '../../db/pool.js';
import { failureCause } from '../../failure-cause.js';
import { outbox } from '../../db/schema/index.js';
import { PermanentJobError, type TJobContext } from '../../jobs/job-definition.js';
import type { TClock } from '../../security/jwt.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { outboxSealContext } from './email-kinds.js';
import { openOutboxRecipient } from './outbox-recipient.js';
import type { TSealedMessage } from './queue-email.js';

/** A failed hand-over to the mail server, with the server's or the system's code (ECONNREFUSED, 421). */
export class EmailNotDeliveredError extends Error {
  override name = 'EmailNotDeliveredError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** SMTP error texts can be long; the outbox keeps the start. */
const MAX_ERROR_LENGTH = 500;

export interface TDeliverEmailDeps {
  db: TDb;
  cipher: TFieldCipher;
  email: TEmailPort;
  clock: TClock;
}

export async function deliverEmail(
  deps: TDeliverEmailDeps,
  outboxId: string,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  const { db, cipher, email } = deps;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
  if (row === undefined) throw new PermanentJobError(`Outbox message ${outboxId} is gone`);
  // Already delivered (a retry after a crash between the hand-over and this record).
  if (row.status === 'stored' || row.status === 'sent') return;

  const sealed: TSealedMessage =
    row.sealedMessage === null
      ? { subject: row.subject, text: row.bodyText, secrets: [] }
      : (JSON.parse(
          cipher.decryptText(row.sealedMessage, outboxSealContext(row.id)),
        ) as TSealedMessage);
  const message = {
    to: openOutboxRecipient(cipher, row),
    fromName: row.fromName,
    subject: sealed.subject,
    text: sealed.text,
  };

  try {
    const delivery = await email.deliver(message);
    await db
      .update(outbox)
      .set({
        status: email.isSandbox ? 'stored' : 'sent',
        attempts: context.attempt,
        providerMessageId: delivery.providerMessageId,
        sealedMessage: null,
        error: null,
        deliveredAt: deps.clock(),
      })
      .where(eq(outbox.id, row.id));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const error = withoutSecrets(reason, sealed.secrets).slice(0, MAX_ERROR_LENGTH);
    const isLast = context.attempt >= context.maxAttempts;
    await db
      .update(outbox)
      .set({ status: isLast ? 'failed' : 'queued', attempts: context.attempt, error })
      .where(eq(outbox.id, row.id));
    throw new EmailNotDeliveredError(
      `The e-mail ${row.id} was not delivered: ${error}`,
      failureCause(cause).code,
    );
  }
}

/** What the outbox says of a code's e-mail not sent because the code expired first. */
export const CODE_EXPIRED_ERROR = 'Not sent: the code expired before the mail server took it';

/**
 * The e-mail of a one-time code: delivered like any other while the code lives; once it has
 * expired, the message is failed without a try and the job ends (no retry can help).
 */
export async function deliverCodeEmail(
  deps: TDeliverEmailDeps,
  input: { outboxId: string; expiresAt: Date },
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  if (deps.clock().getTime() >= input.expiresAt.getTime()) {
    await deps.db
      .update(outbox)
      .set({ status: 'failed', sealedMessage: null, error: CODE_EXPIRED_ERROR })
      .where(and(eq(outbox.id, input.outboxId), inArray(outbox.status, ['queued', 'failed'])));
    return;
  }
  await deliverEmail(deps, input.outboxId, context);
}
