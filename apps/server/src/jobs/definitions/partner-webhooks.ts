import { z } from 'zod';
import { defineJob } from '../job-definition.js';

/**
 * Turns the partner outbox into events and deliveries every minute, a safety net under each
 * instance's drainer (drain-partner-outbox.ts), which looks every second. A queued job of an older
 * release names this kind too (its trigger queued one per copy).
 */
export const partnerOutboxDrainJob = defineJob({
  kind: 'partner-outbox-drain',
  payload: z.object({}),
  maxAttempts: 25,
  singleton: true,
});

export const PARTNER_OUTBOX_DRAIN_CRON = '* * * * *';

/**
 * Sends one endpoint's deliveries of one loan, in the loan's order; keyed and queued by the pair,
 * so that two never run at once. Its retries are the deliveries' own (it schedules itself at the
 * next attempt's time); the queue's attempts only cover a crash of the job.
 */
export const partnerWebhookDeliverJob = defineJob({
  kind: 'partner-webhook-deliver',
  payload: z.object({ endpointId: z.uuid(), appUuid: z.uuid() }),
  maxAttempts: 10,
});

/** The key and queue of one endpoint's deliveries of one loan. */
export function partnerDeliveryQueue(endpointId: string, appUuid: string): string {
  return `partner-webhook:${endpointId}:${appUuid}`;
}
