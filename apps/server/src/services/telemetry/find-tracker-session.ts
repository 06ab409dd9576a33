import { eq } from 'drizzle-orm';
import { telemetrySessions } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';

/** Whether a tracking session was ever opened for this tracker (decisions need one). */
export async function hasTrackerSession(db: TDb, trackerUuid: string): Promise<boolean> {
  const rows = await db
    .select({ uuid: telemetrySessions.uuid })
    .from(telemetrySessions)
    .where(eq(telemetrySessions.trackerUuid, trackerUuid.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}
