import { z } from 'zod';
import { ZIsoDateTime, ZOrgCode } from '../wire.js';

/** A flag or experiment key such as `fe-plc-show-additional-docs`. */
export const ZFlagKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Must be a flag key (lower case, digits, hyphens)');

/** The user a decision is made for (document 2 §3). */
export const ZOptimizeUser = z.object({
  attributes: z.object({
    organization: ZOrgCode,
    trackerId: z.uuid(),
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

/** A flag as agents manage it: on or off, for every organisation or only the ones listed. */
export const ZFeatureFlag = z.object({
  key: ZFlagKey,
  description: z.string(),
  enabled: z.boolean(),
  /** Null: the flag applies to every organisation. */
  organizations: z.array(ZOrgCode).nullable(),
  updatedAt: ZIsoDateTime,
});
export type TFeatureFlag = z.infer<typeof ZFeatureFlag>;
