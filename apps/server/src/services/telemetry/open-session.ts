import { randomUUID } from 'node:crypto';
import type { TPostTelemetrySessionBody, TPostTelemetrySessionResponse } from '@pledge/contract';
import { and, eq, sql } from 'drizzle-orm';
import { telemetrySessions } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { sessionKeyOf } from './session-key.js';

export interface TOpenSessionInput {
  context: string;
  session: TPostTelemetrySessionBody;
  /** The caller's identity when a valid token came with the request. */
  identityUuid: string | null;
  now?: Date;
}

/**
 * Continues the session the browser holds when it is known, else opens a new one. A new session
 * keeps the browser's tracker, so that its flag decisions stay the same.
 */
export async function openTelemetrySession(
  db: TDb,
  { context, session, identityUuid, now = new Date() }: TOpenSessionInput,
): Promise<TPostTelemetrySessionResponse> {
  const held = session.sessionKey;
  if (held !== undefined) {
    const [row] = await db
      .update(telemetrySessions)
      .set({
        lastSeenAt: sql`now()`,
        identityUuid: sql`coalesce(${telemetrySessions.identityUuid}, ${identityUuid}::uuid)`,
      })
      .where(
        and(
          eq(telemetrySessions.uuid, held.uuid.toLowerCase()),
          eq(telemetrySessions.trackerUuid, held.trackerUuid.toLowerCase()),
          eq(telemetrySessions.epochMs, held.epoch),
        ),
      )
      .returning();
    if (row !== undefined) return { sessionKey: sessionKeyOf(row) };
  }

  const [row] = await db
    .insert(telemetrySessions)
    .values({
      uuid: randomUUID(),
      trackerUuid: held?.trackerUuid.toLowerCase() ?? randomUUID(),
      epochMs: now.getTime(),
      context,
      platform: session.platform,
      libraryVersion: session.libraryVersion,
      appVersion: session.appVersion,
      referrer: session.referrer,
      screenWidth: session.screenSize.width,
      screenHeight: session.screenSize.height,
      windowWidth: session.windowSize.width,
      windowHeight: session.windowSize.height,
      identityUuid,
    })
    .returning();
  if (row === undefined) throw new Error('Tracking session missing after insert');
  return { sessionKey: sessionKeyOf(row) };
}
