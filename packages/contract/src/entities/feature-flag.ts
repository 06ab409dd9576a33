import { z } from 'zod/mini';
import { FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT } from '@pledge/domain';
import { boundedRecord, ZIsoDateTime, ZOrgCode } from '../wire.js';

/** A flag or experiment key such as `fe-plc-show-additional-docs`. */
export const ZFlagKey = z
  .string()
  .check(
    z.maxLength(100, 'Must be a flag key (lower case, digits, hyphens)'),
    z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Must be a flag key (lower case, digits, hyphens)'),
  );

/** Document 2 §8: a decision asked without a tracking session. */
export const OPTIMIZE_NO_SESSION_MESSAGE = 'Could not establish session.';

/** The user a decision is made for (document 2 §3). */
export const ZOptimizeUser = z.object({
  attributes: z.object({
    organization: ZOrgCode,
    /** The tracker of the caller's tracking session (document 2 §4: decisions need a session). */
    trackerId: z.uuid({ error: OPTIMIZE_NO_SESSION_MESSAGE }),
  }),
});
export type TOptimizeUser = z.infer<typeof ZOptimizeUser>;

/** Feature flag request (document 2 §3). */
export const ZFeatureFlagRequest = z.object({
  experimentKey: ZFlagKey,
  ignoreIdentify: z.boolean(),
  optimizeUser: ZOptimizeUser,
});
export type TFeatureFlagRequest = z.infer<typeof ZFeatureFlagRequest>;

/** Feature flag decision (document 2 §3). */
export const ZFeatureFlagDecision = z.object({
  experimentKey: ZFlagKey,
  flagEnabled: z.boolean(),
});
export type TFeatureFlagDecision = z.infer<typeof ZFeatureFlagDecision>;

/** Share of trackers a flag reaches, in percent (0 to 100). */
export const ZRolloutPct = z.number().check(z.int(), z.gte(0), z.lte(100));

/**
 * A flag as agents manage it. An organisation listed in `organizationOverrides` gets that answer;
 * every other user gets it when the flag is enabled and their tracker falls in the first
 * `rolloutPct` percent (a stable bucket per flag and tracker).
 */
export const ZFeatureFlag = z.object({
  key: ZFlagKey,
  description: z.string(),
  enabled: z.boolean(),
  rolloutPct: ZRolloutPct,
  /** Organisation code → on or off for that organisation, whatever the rollout says. */
  organizationOverrides: boundedRecord(
    ZOrgCode,
    z.boolean(),
    FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT,
  ),
  updatedAt: ZIsoDateTime,
  /** The agent who last changed it; null for a flag as the product ships it. */
  updatedBy: z.nullable(z.string()),
});
export type TFeatureFlag = z.infer<typeof ZFeatureFlag>;
