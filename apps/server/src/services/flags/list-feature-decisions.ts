import type { TPostFeaturesBody, TPostFeaturesResponse } from '@pledge/contract';
import { asc } from 'drizzle-orm';
import { featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { requireTrackerSession } from './decide-experiment.js';
import { decideFlag } from './decide-flag.js';

/** Every flag with its decision for this user, by key. */
export async function listFeatureDecisions(
  db: TDb,
  body: TPostFeaturesBody,
): Promise<TPostFeaturesResponse> {
  const user = body.optimizeUser.attributes;
  await requireTrackerSession(db, user.trackerId);
  const flags = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
  return {
    features: flags.map((flag) => ({
      experimentKey: flag.key,
      flagEnabled: decideFlag(flag.key, flag, user),
    })),
  };
}
