/** The JSON of one partner event as it is posted and listed (the catalogue's ZPartnerEvent). */
import type { TPartnerEvent } from '@pledge/contract';
import type { partnerEvents } from '../../db/schema/index.js';

type TPartnerEventRow = typeof partnerEvents.$inferSelect;

export function partnerEventOf(row: TPartnerEventRow): TPartnerEvent {
  return {
    id: row.id,
    type: row.type as TPartnerEvent['type'],
    version: row.version,
    brand: row.brand,
    appUuid: row.appUuid,
    occurredAt: row.occurredAt.toISOString(),
    data: row.data as Record<string, unknown>,
  };
}

/** The body of a webhook: the same bytes on every attempt and replay of the event. */
export function partnerEventBody(row: TPartnerEventRow): string {
  return JSON.stringify(partnerEventOf(row));
}
