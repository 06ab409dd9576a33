import type { TGetOpsFlagsResponse } from '@pledge/contract';
import { asc } from 'drizzle-orm';
import { featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { toFeatureFlag } from './flag-record.js';

/** Every flag with its setting, by key (the agent console). */
export async function listFeatureFlags(db: TDb): Promise<TGetOpsFlagsResponse> {
  const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
  return rows.map(toFeatureFlag);
}
