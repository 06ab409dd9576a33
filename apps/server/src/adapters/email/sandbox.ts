import type { TDb } from '../../db/pool.js';
import { outbox } from '../../db/schema/index.js';
import type { TEmailPort } from './port.js';

/** The sandbox delivers nothing: messages stay in the outbox, readable at GET /sandbox/mailbox. */
export function createSandboxEmail(db: TDb): TEmailPort {
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          toAddress: message.to.toLowerCase(),
          subject: message.subject,
          bodyText: message.text,
          status: 'stored',
        })
        .returning({ id: outbox.id });
      if (row === undefined) throw new Error('The outbox insert returned no row');
      return { id: row.id, status: 'stored' };
    },
  };
}
