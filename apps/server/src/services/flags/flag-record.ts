import type { TFeatureFlag } from '@pledge/contract';
import type { featureFlags } from '../../db/schema/index.js';

type TFeatureFlagRow = typeof featureFlags.$inferSelect;

/** A stored flag as the agent console reads it. */
export function toFeatureFlag(row: TFeatureFlagRow): TFeatureFlag {
  return {
    key: row.key,
    description: row.description,
    enabled: row.enabled,
    rolloutPct: row.rolloutPct,
    organizationOverrides: row.organizationOverrides,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}
