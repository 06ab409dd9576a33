/** Queues the jobs that send endpoints' deliveries of loans, in the caller's transaction. */
import type { TDb } from '../../db/pool.js';
import {
  partnerDeliveryQueue,
  partnerWebhookDeliverJob,
} from '../../jobs/definitions/partner-webhooks.js';
import { enqueue } from '../../jobs/enqueue.js';

export async function queuePartnerDeliveries(
  tx: TDb,
  pairs: readonly { endpointId: string; appUuid: string }[],
  runAt?: Date,
): Promise<void> {
  for (const pair of pairs) {
    const queue = partnerDeliveryQueue(pair.endpointId, pair.appUuid);
    await enqueue(tx, partnerWebhookDeliverJob, pair, {
      dedupeKey: queue,
      queueName: queue,
      replacesWaiting: true,
      ...(runAt !== undefined ? { runAt } : {}),
    });
  }
}
