/** The console's list of webhook endpoints and of one endpoint's latest deliveries. */
import {
  PARTNER_DELIVERIES_LIST_MAX,
  type TPartnerDelivery,
  type TWebhookEndpoint,
} from '@pledge/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  partnerDeliveries,
  partnerDeliveryAttempts,
  partnerEvents,
  partnerWebhookEndpoints,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';

/** The console lists this many endpoints at most, newest first. */
const ENDPOINTS_LIST_MAX = 200;

export async function listWebhookEndpoints(db: TDb): Promise<{ endpoints: TWebhookEndpoint[] }> {
  const rows = await db
    .select()
    .from(partnerWebhookEndpoints)
    .orderBy(desc(partnerWebhookEndpoints.createdAt))
    .limit(ENDPOINTS_LIST_MAX);
  return {
    endpoints: rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      url: row.url,
      description: row.description,
      status: row.status,
      failingSince: row.failingSince?.toISOString() ?? null,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function listWebhookDeliveries(
  db: TDb,
  endpointId: string,
): Promise<{ deliveries: TPartnerDelivery[] }> {
  const [endpoint] = await db
    .select({ id: partnerWebhookEndpoints.id })
    .from(partnerWebhookEndpoints)
    .where(eq(partnerWebhookEndpoints.id, endpointId));
  if (endpoint === undefined) {
    throw new HttpError(404, 'ENDPOINT_NOT_FOUND', 'There is no such webhook endpoint.');
  }
  const rows = await db
    .select({ delivery: partnerDeliveries, eventType: partnerEvents.type })
    .from(partnerDeliveries)
    .innerJoin(partnerEvents, eq(partnerEvents.id, partnerDeliveries.eventId))
    .where(eq(partnerDeliveries.endpointId, endpointId))
    .orderBy(desc(partnerDeliveries.createdAt), desc(partnerDeliveries.eventSeq))
    .limit(PARTNER_DELIVERIES_LIST_MAX);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(partnerDeliveryAttempts)
          .where(
            inArray(
              partnerDeliveryAttempts.deliveryId,
              rows.map((row) => row.delivery.id),
            ),
          )
          .orderBy(asc(partnerDeliveryAttempts.attemptedAt), asc(partnerDeliveryAttempts.id));
  return {
    deliveries: rows.map(({ delivery, eventType }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType,
      appUuid: delivery.appUuid,
      status: delivery.status,
      isReplay: delivery.isReplay,
      nextAttemptAt: delivery.nextAttemptAt.toISOString(),
      createdAt: delivery.createdAt.toISOString(),
      attempts: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          attemptedAt: attempt.attemptedAt.toISOString(),
          statusCode: attempt.statusCode,
          isSuccess: attempt.isSuccess,
          error: attempt.error,
          latencyMs: attempt.latencyMs,
          responseBody: attempt.responseBody,
        })),
    })),
  };
}
