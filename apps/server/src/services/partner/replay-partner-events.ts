/**
 * Sends events again to an active endpoint: one event, or every event of the endpoint's brand in a
 * time range (at most a week and PARTNER_REPLAY_MAX_EVENTS). A replay is a new delivery of the same
 * event (same id, so a receiver that already has it ignores it), sent in its loan's order.
 */
import { PARTNER_REPLAY_MAX_EVENTS, type TPostOpsWebhookReplayBody } from '@pledge/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  partnerDeliveries,
  partnerEvents,
  partnerWebhookEndpoints,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import { queuePartnerDeliveries } from './queue-partner-deliveries.js';

const REPLAY_RANGE_MAX_MS = 7 * 24 * 3_600_000;

export async function replayPartnerEvents(
  deps: { db: TDb; clock: TClock },
  input: { endpointId: string; body: TPostOpsWebhookReplayBody },
): Promise<{ replayed: number }> {
  return deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, input.endpointId));
    if (endpoint === undefined) {
      throw new HttpError(404, 'ENDPOINT_NOT_FOUND', 'There is no such webhook endpoint.');
    }
    if (endpoint.status !== 'ACTIVE') {
      throw new HttpError(
        409,
        'ENDPOINT_DISABLED',
        'This endpoint is disabled: nothing is sent to it.',
      );
    }
    let events: { id: string; seq: number; appUuid: string }[];
    const columns = {
      id: partnerEvents.id,
      seq: partnerEvents.seq,
      appUuid: partnerEvents.appUuid,
    };
    const { eventId, from: fromText, to: toText } = input.body;
    if ((eventId === undefined) === (fromText === undefined || toText === undefined)) {
      const message = 'Give either one event id, or a time range (from and to).';
      throw new HttpError(400, 'VALIDATION_ERROR', message, { eventId: [message] });
    }
    if (eventId !== undefined) {
      events = await tx
        .select(columns)
        .from(partnerEvents)
        .where(and(eq(partnerEvents.id, eventId), eq(partnerEvents.brand, endpoint.brand)));
      if (events.length === 0) {
        throw new HttpError(404, 'EVENT_NOT_FOUND', 'There is no such event of this brand.');
      }
    } else {
      const from = new Date(fromText ?? '');
      const to = new Date(toText ?? '');
      if (!(from < to) || to.getTime() - from.getTime() > REPLAY_RANGE_MAX_MS) {
        const message = 'The range must run forwards and span at most 7 days.';
        throw new HttpError(400, 'VALIDATION_ERROR', message, { to: [message] });
      }
      events = await tx
        .select(columns)
        .from(partnerEvents)
        .where(
          and(
            eq(partnerEvents.brand, endpoint.brand),
            gte(partnerEvents.occurredAt, from),
            lt(partnerEvents.occurredAt, to),
          ),
        )
        .orderBy(asc(partnerEvents.seq))
        .limit(PARTNER_REPLAY_MAX_EVENTS + 1);
      if (events.length > PARTNER_REPLAY_MAX_EVENTS) {
        const message = `The range holds more than ${PARTNER_REPLAY_MAX_EVENTS} events: replay a shorter one.`;
        throw new HttpError(400, 'VALIDATION_ERROR', message, { to: [message] });
      }
    }
    if (events.length === 0) return { replayed: 0 };
    const now = deps.clock();
    await tx.insert(partnerDeliveries).values(
      events.map((event) => ({
        endpointId: endpoint.id,
        eventId: event.id,
        eventSeq: event.seq,
        appUuid: event.appUuid,
        status: 'PENDING' as const,
        isReplay: true,
        nextAttemptAt: now,
      })),
    );
    const loans = [...new Set(events.map((event) => event.appUuid))];
    await queuePartnerDeliveries(
      tx,
      loans.map((appUuid) => ({ endpointId: endpoint.id, appUuid })),
    );
    return { replayed: events.length };
  });
}
