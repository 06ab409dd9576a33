import {
  drainWaitingPartnerChanges,
  type TDrainDeps,
} from '../../services/partner/drain-partner-outbox.js';
import {
  deliverPartnerWebhooks,
  type TDeliverDeps,
} from '../../services/partner/deliver-partner-webhooks.js';
import { queuePartnerDeliveries } from '../../services/partner/queue-partner-deliveries.js';
import {
  partnerOutboxDrainJob,
  partnerWebhookDeliverJob,
} from '../definitions/partner-webhooks.js';
import { registerJob } from '../job-definition.js';

export function partnerOutboxDrainHandler(deps: TDrainDeps) {
  return registerJob(partnerOutboxDrainJob, async () => {
    await drainWaitingPartnerChanges(deps);
  });
}

export function partnerWebhookDeliverHandler(deps: TDeliverDeps) {
  return registerJob(partnerWebhookDeliverJob, async (pair) => {
    const outcome = await deliverPartnerWebhooks(deps, pair);
    if (outcome.next === 'none') return;
    await queuePartnerDeliveries(deps.db, [pair], outcome.next === 'at' ? outcome.at : undefined);
  });
}
