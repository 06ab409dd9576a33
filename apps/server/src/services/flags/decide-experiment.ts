import {
  OPTIMIZE_NO_SESSION_MESSAGE,
  type TPostDecisionBody,
  type TPostDecisionResponse,
} from '@pledge/contract';
import { eq } from 'drizzle-orm';
import { featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { hasTrackerSession } from '../telemetry/find-tracker-session.js';
import { decideFlag } from './decide-flag.js';

/** A decision without a tracking session behind its tracker is refused (document 2 §4, §8). */
export async function requireTrackerSession(db: TDb, trackerId: string): Promise<void> {
  if (!(await hasTrackerSession(db, trackerId))) {
    throw new HttpError(400, 'NO_SESSION', OPTIMIZE_NO_SESSION_MESSAGE, {
      'optimizeUser.attributes.trackerId': [OPTIMIZE_NO_SESSION_MESSAGE],
    });
  }
}

/** Whether one flag is on for this user; a key nobody created is off. */
export async function decideExperiment(
  db: TDb,
  body: TPostDecisionBody,
): Promise<TPostDecisionResponse> {
  // `ignoreIdentify` asks a hosted service not to merge the user into a profile; decisions here
  // never identify anyone, so there is nothing to skip.
  const user = body.optimizeUser.attributes;
  await requireTrackerSession(db, user.trackerId);
  const [flag] = await db
    .select()
    .from(featureFlags)
    .where(eq(featureFlags.key, body.experimentKey))
    .limit(1);
  return {
    experimentKey: body.experimentKey,
    flagEnabled: flag === undefined ? false : decideFlag(flag.key, flag, user),
  };
}
