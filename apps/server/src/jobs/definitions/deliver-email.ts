import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Hands one queued outbox message to the mail port. Retried with the queue's backoff (3 s, 7 s,
 * 20 s, 55 s, 2.5 min, 7 min, 18 min, 50 min) for about 1.5 hours; then the message is failed
 * and listed in the agent console, where an agent can retry it.
 */
export const deliverEmailJob = defineJob({
  kind: 'email.deliver',
  payload: z.object({ outboxId: z.uuid() }),
  maxAttempts: 9,
});

export function deliverEmailDedupeKey(outboxId: string): string {
  return `${deliverEmailJob.kind}:${outboxId}`;
}
