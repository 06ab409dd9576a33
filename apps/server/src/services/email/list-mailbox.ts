import { desc, eq } from 'drizzle-orm';
import type { TGetSandboxMailboxResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';

/** The mailbox shows the newest messages only. */
export const MAILBOX_MAX_MESSAGES = 50;

/** Sandbox mailbox: messages to an address, newest first. */
export async function listMailbox(db: TDb, to: string): Promise<TGetSandboxMailboxResponse> {
  const rows = await db
    .select({
      to: outbox.toAddress,
      subject: outbox.subject,
      text: outbox.bodyText,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(eq(outbox.toAddress, to.toLowerCase()))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(MAILBOX_MAX_MESSAGES);
  return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
