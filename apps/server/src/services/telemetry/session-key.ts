import type { TSessionKey } from '@pledge/contract';
import type { telemetrySessions } from '../../db/schema/index.js';

type TSessionRow = typeof telemetrySessions.$inferSelect;

export function sessionKeyOf(
  row: Pick<TSessionRow, 'uuid' | 'epochMs' | 'trackerUuid'>,
): TSessionKey {
  return { uuid: row.uuid, epoch: row.epochMs, trackerUuid: row.trackerUuid };
}

/** A key names a session only when all three of its parts agree with the stored session. */
export function isKeyOf(
  key: TSessionKey,
  row: Pick<TSessionRow, 'uuid' | 'epochMs' | 'trackerUuid'>,
): boolean {
  return (
    key.uuid.toLowerCase() === row.uuid &&
    key.trackerUuid.toLowerCase() === row.trackerUuid &&
    key.epoch === row.epochMs
  );
}
