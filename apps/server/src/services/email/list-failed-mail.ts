import { FAILED_MAIL_LIST_MAX, type TGetOpsFailedMailResponse } from '@pledge/contract';
import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { maskRecipient } from './mask-recipient.js';
import { openOutboxRecipient } from './outbox-recipient.js';

/** E-mails given up after all their attempts, newest first, recipients masked. */
export async function listFailedMail(deps: {
  db: TDb;
  cipher: TFieldCipher;
}): Promise<TGetOpsFailedMailResponse> {
  const rows = await deps.db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      toAddressSealed: outbox.toAddressSealed,
      subject: outbox.subject,
      error: outbox.error,
      attempts: outbox.attempts,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(FAILED_MAIL_LIST_MAX);
  return {
    messages: rows.map((row) => ({
      outboxId: row.id,
      recipient: maskRecipient(openOutboxRecipient(deps.cipher, row)),
      kind: row.kind,
      subject: row.subject,
      lastError: row.error,
      attempts: row.attempts,
      queuedAt: row.createdAt.toISOString(),
    })),
  };
}
