import { SHOW_ADDITIONAL_DOCS_FLAG, SIGN_IN_EXPERIMENT_KEYS } from '@pledge/domain';
import { featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';

/** The flags the product reads, each off until an agent turns it on. */
export const DEFAULT_FEATURE_FLAGS: readonly { key: string; description: string }[] = [
  {
    key: SHOW_ADDITIONAL_DOCS_FLAG,
    description: 'Identity upload also asks for an additional document showing name and address',
  },
  {
    key: SIGN_IN_EXPERIMENT_KEYS.customer,
    description: 'Borrowers sign in through the identity broker',
  },
  {
    key: SIGN_IN_EXPERIMENT_KEYS.agent,
    description: 'Agents sign in through the identity broker',
  },
];

/** Creates the missing default flags; a flag that exists keeps whatever agents set. */
export async function seedFeatureFlags(db: TDb): Promise<void> {
  await db
    .insert(featureFlags)
    .values(DEFAULT_FEATURE_FLAGS.map((flag) => ({ ...flag, enabled: false })))
    .onConflictDoNothing({ target: featureFlags.key });
}
