import { desc } from 'drizzle-orm';
import type { TGetSandboxMailboxResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { isSentTo, openOutboxRecipient } from './outbox-recipient.js';

/** The mailbox shows the newest messages only. */
export const MAILBOX_MAX_MESSAGES = 50;

/** Sandbox mailbox: messages to an address, newest first. */
export async function listMailbox(
  deps: { db: TDb; cipher: TFieldCipher },
  to: string,
): Promise<TGetSandboxMailboxResponse> {
  const rows = await deps.db
    .select({
      id: outbox.id,
      toAddress: outbox.toAddress,
      toAddressSealed: outbox.toAddressSealed,
      subject: outbox.subject,
      text: outbox.bodyText,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(isSentTo(deps.cipher, to))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(MAILBOX_MAX_MESSAGES);
  return {
    messages: rows.map((row) => ({
      to: openOutboxRecipient(deps.cipher, row),
      subject: row.subject,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
