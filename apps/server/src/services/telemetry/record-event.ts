import { createHash } from 'node:crypto';
import type { TPostTelemetryEventBody } from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { telemetryEvents, telemetrySessions } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { isKeyOf } from './session-key.js';

/** Stored size limits of an event's free-form parts, as UTF-8 JSON. */
export const EVENT_PROPERTIES_MAX_BYTES = 8_192;
export const EVENT_QUERY_PARAMS_MAX_BYTES = 4_096;

export const UNKNOWN_SESSION_MESSAGE = 'Unknown tracking session';

export interface TRecordEventInput {
  context: string;
  event: TPostTelemetryEventBody;
  /** The caller's identity when a valid token came with the request; a claimed one is not used. */
  identityUuid: string | null;
}

/**
 * What makes two events of one name in one session the same event: the value of the named
 * property, or the page path when the event names none (or does not carry it). Null when the event
 * must never be deduplicated. A digest, so that long values index cheaply.
 */
export function dedupeHashOf(event: TPostTelemetryEventBody): string | null {
  if (event.dontDedupe) return null;
  const property = event.dedupeProperty;
  const identity =
    property !== null && Object.hasOwn(event.eventProperties, property)
      ? `property:${property}=${JSON.stringify(event.eventProperties[property])}`
      : `path:${event.pagePath}`;
  return createHash('sha256').update(identity).digest('base64url');
}

function byteLengthOfJson(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function checkSizes(event: TPostTelemetryEventBody): void {
  const fieldErrors: Record<string, string[]> = {};
  if (byteLengthOfJson(event.eventProperties) > EVENT_PROPERTIES_MAX_BYTES) {
    fieldErrors.eventProperties = [`Must be at most ${EVENT_PROPERTIES_MAX_BYTES} bytes`];
  }
  if (byteLengthOfJson(event.queryParams) > EVENT_QUERY_PARAMS_MAX_BYTES) {
    fieldErrors.queryParams = [`Must be at most ${EVENT_QUERY_PARAMS_MAX_BYTES} bytes`];
  }
  const [first] = Object.values(fieldErrors);
  if (first !== undefined) {
    throw new HttpError(400, 'VALIDATION_ERROR', first[0] ?? 'Too large', fieldErrors);
  }
}

/**
 * Stores one event of a known session. A repeat of an event already stored (same session, name and
 * dedupe value) is dropped; the answer says whether this one was stored.
 */
export async function recordTelemetryEvent(
  db: TDb,
  { context, event, identityUuid }: TRecordEventInput,
): Promise<{ isStored: boolean }> {
  checkSizes(event);
  const [session] = await db
    .select()
    .from(telemetrySessions)
    .where(eq(telemetrySessions.uuid, event.sessionKey.uuid.toLowerCase()))
    .limit(1);
  if (session === undefined || !isKeyOf(event.sessionKey, session)) {
    throw new HttpError(400, 'UNKNOWN_SESSION', UNKNOWN_SESSION_MESSAGE, {
      sessionKey: [UNKNOWN_SESSION_MESSAGE],
    });
  }
  const stored = await db
    .insert(telemetryEvents)
    .values({
      sessionUuid: session.uuid,
      context,
      event: event.event,
      eventType: event.eventType,
      productType: event.productType,
      domain: event.domain,
      pagePath: event.pagePath,
      queryParams: event.queryParams,
      eventProperties: event.eventProperties,
      identityUuid,
      applicationUuid: event.applicationUuid,
      dedupeHash: dedupeHashOf(event),
    })
    .onConflictDoNothing()
    .returning({ id: telemetryEvents.id });
  return { isStored: stored.length > 0 };
}
