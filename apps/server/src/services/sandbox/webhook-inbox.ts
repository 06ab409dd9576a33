/**
 * The sandbox's webhook receiver (sandbox:webhooks/inbox, also POST /sandbox/webhooks/inbox): it
 * keeps every post with its signature header, and can be told to fail the next posts (a receiver
 * that is down for a while), so that an end-to-end test sees deliveries, retries and their order.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { TWebhookResponse } from '../../adapters/webhooks/port.js';
import type { TDb } from '../../db/pool.js';
import { sandboxWebhookInbox, sandboxWebhookReceiver } from '../../db/schema/index.js';
import type { TClock } from '../../security/jwt.js';

/** Posts kept and listed at most (oldest first); older ones are dropped. */
export const SANDBOX_WEBHOOK_INBOX_MAX = 2_000;
const BODY_MAX_CHARS = 16_000;

export async function receiveSandboxWebhook(
  deps: { db: TDb; clock: TClock },
  input: { headers: Record<string, string | undefined>; body: string },
): Promise<TWebhookResponse> {
  return deps.db.transaction(async (tx) => {
    await tx.insert(sandboxWebhookReceiver).values({ id: true }).onConflictDoNothing();
    const [receiver] = await tx
      .select()
      .from(sandboxWebhookReceiver)
      .where(eq(sandboxWebhookReceiver.id, true))
      .for('update');
    const isFailing = receiver !== undefined && receiver.failRemaining > 0;
    const status = isFailing ? receiver.failStatus : 200;
    if (isFailing) {
      await tx
        .update(sandboxWebhookReceiver)
        .set({ failRemaining: sql`${sandboxWebhookReceiver.failRemaining} - 1` })
        .where(eq(sandboxWebhookReceiver.id, true));
    }
    await tx.insert(sandboxWebhookInbox).values({
      eventId: (input.headers['pledge-event-id'] ?? '').slice(0, 64),
      signature: (input.headers['pledge-signature'] ?? '').slice(0, 512),
      body: input.body.slice(0, BODY_MAX_CHARS),
      answeredStatus: status,
      receivedAt: deps.clock(),
    });
    await tx.execute(sql`
      DELETE FROM ${sandboxWebhookInbox} WHERE ${sandboxWebhookInbox.id} <= (
        SELECT max(${sandboxWebhookInbox.id}) - ${SANDBOX_WEBHOOK_INBOX_MAX} FROM ${sandboxWebhookInbox})`);
    return { status, body: isFailing ? 'sandbox receiver failing on purpose' : 'ok' };
  });
}

export async function listSandboxWebhooks(db: TDb) {
  const rows = await db
    .select()
    .from(sandboxWebhookInbox)
    .orderBy(asc(sandboxWebhookInbox.id))
    .limit(SANDBOX_WEBHOOK_INBOX_MAX);
  return {
    deliveries: rows.map((row) => ({
      eventId: row.eventId,
      signature: row.signature,
      body: row.body,
      answeredStatus: row.answeredStatus,
      receivedAt: row.receivedAt.toISOString(),
    })),
  };
}

/** The receiver answers `status` to the next `count` posts (0 to answer 200 again). */
export async function setSandboxWebhookFailures(
  db: TDb,
  input: { count: number; status: number },
): Promise<{ failRemaining: number; failStatus: number }> {
  const [row] = await db
    .insert(sandboxWebhookReceiver)
    .values({ id: true, failRemaining: input.count, failStatus: input.status })
    .onConflictDoUpdate({
      target: sandboxWebhookReceiver.id,
      set: { failRemaining: input.count, failStatus: input.status },
    })
    .returning();
  if (row === undefined) throw new Error('The sandbox receiver was not written');
  return { failRemaining: row.failRemaining, failStatus: row.failStatus };
}
