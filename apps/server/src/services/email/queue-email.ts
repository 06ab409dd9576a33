/**
 * Queues an e-mail inside the transaction that decides to send it: the outbox row and the job
 * that delivers it commit (or roll back) with the change, and the caller answers without waiting
 * for any mail server. Outside the sandbox the outbox keeps the text with its secrets blanked
 * out, and the whole message only encrypted until it is sent.
 */
import { randomUUID } from 'node:crypto';
import { withoutSecrets, type TEmailMessage } from '../../adapters/email/port.js';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import { deliverEmailDedupeKey, deliverEmailJob } from '../../jobs/definitions/deliver-email.js';
import { deliverCodeEmailJob } from '../../jobs/definitions/deliver-code-email.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { outboxSealContext, type TEmailKind } from './email-kinds.js';
import { outboxRecipientValues } from './outbox-recipient.js';

export interface TQueueEmailDeps {
  cipher: TFieldCipher;
  /** In the sandbox the outbox is the mailbox: the text is kept whole. */
  sandbox: boolean;
}

/** The whole message as sealed in the outbox. */
export interface TSealedMessage {
  subject: string;
  text: string;
  /** Kept out of the stored copy and of delivery errors. */
  secrets: readonly string[];
}

export async function queueEmail(
  tx: TDb,
  deps: TQueueEmailDeps,
  kind: TEmailKind,
  message: TEmailMessage,
  options: {
    /**
     * When the one-time code the message carries expires (the deployment's clock): it is then
     * retried within seconds until then, and never delivered after (deliverCodeEmailJob).
     */
    codeExpiresAt?: Date;
  } = {},
): Promise<{ outboxId: string }> {
  const id = randomUUID();
  const secrets = deps.sandbox ? [] : (message.secrets ?? []);
  const sealed: TSealedMessage = { subject: message.subject, text: message.text, secrets };
  const job =
    options.codeExpiresAt === undefined
      ? await enqueue(
          tx,
          deliverEmailJob,
          { outboxId: id },
          { dedupeKey: deliverEmailDedupeKey(id) },
        )
      : await enqueue(
          tx,
          deliverCodeEmailJob,
          { outboxId: id, expiresAt: options.codeExpiresAt.toISOString() },
          { dedupeKey: deliverEmailDedupeKey(id) },
        );
  await tx.insert(outbox).values({
    id,
    kind,
    ...outboxRecipientValues(deps.cipher, id, message.to),
    fromName: message.fromName,
    subject: withoutSecrets(message.subject, secrets),
    bodyText: withoutSecrets(message.text, secrets),
    sealedMessage: deps.sandbox
      ? null
      : deps.cipher.encryptText(JSON.stringify(sealed), outboxSealContext(id)),
    status: 'queued',
    jobId: job.id,
  });
  return { outboxId: id };
}
