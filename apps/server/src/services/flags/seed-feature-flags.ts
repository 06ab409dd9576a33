import { SHOW_ADDITIONAL_DOCS_FLAG, SIGN_IN_EXPERIMENT_KEYS } from '@pledge/domain';
import { featureFlags } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';

/**
 * The flags the product reads, as it ships them. The broker's code sign-in is on: it is the sign-in
 * (document 2 §1), the legacy password path only a fallback, so a new borrower is not met with a
 * password form. An agent can turn it off, or per brand with an organisation override.
 */
export const DEFAULT_FEATURE_FLAGS: readonly {
  key: string;
  description: string;
  enabled: boolean;
}[] = [
  {
    key: SHOW_ADDITIONAL_DOCS_FLAG,
    description: 'Identity upload also asks for an additional document showing name and address',
    enabled: false,
  },
  {
    key: SIGN_IN_EXPERIMENT_KEYS.customer,
    description: 'Borrowers sign in through the identity broker',
    enabled: true,
  },
  {
    key: SIGN_IN_EXPERIMENT_KEYS.agent,
    description: 'Agents sign in through the identity broker',
    enabled: true,
  },
];

/** Creates the missing default flags; a flag that exists keeps whatever agents set. */
export async function seedFeatureFlags(db: TDb): Promise<void> {
  await db
    .insert(featureFlags)
    .values(DEFAULT_FEATURE_FLAGS.map((flag) => ({ ...flag })))
    .onConflictDoNothing({ target: featureFlags.key });
}
