import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlag, ZFlagKey, ZRolloutPct } from '../entities/feature-flag.js';
import { ZOrgCode } from '../wire.js';
import { OPS } from './ops-base.js';

/** More organisations than this belong in the rollout, not in overrides. */
export const MAX_FLAG_OVERRIDES = 100;

export const ZOpsFlagParams = z.object({ flagKey: ZFlagKey });

export const ZPutOpsFlagBody = z.object({
  enabled: z.boolean(),
  description: z.string().check(z.trim(), z.maxLength(500)),
  rolloutPct: ZRolloutPct,
  /** Organisation code → on or off for that organisation; `{}` for none. */
  organizationOverrides: z
    .record(ZOrgCode, z.boolean())
    .check(
      z.refine(
        (overrides) => Object.keys(overrides).length <= MAX_FLAG_OVERRIDES,
        `At most ${MAX_FLAG_OVERRIDES} organisations`,
      ),
    ),
});
export type TPutOpsFlagBody = z.infer<typeof ZPutOpsFlagBody>;

export const ZPutOpsFlagResponse = ZFeatureFlag;
export type TPutOpsFlagResponse = z.infer<typeof ZPutOpsFlagResponse>;

export const putOpsFlag = defineEndpoint({
  method: 'PUT',
  path: `${OPS}/flags/:flagKey`,
  auth: 'agent',
  summary: 'Create or update a feature flag (recorded in the audit trail)',
  params: ZOpsFlagParams,
  body: ZPutOpsFlagBody,
  response: ZPutOpsFlagResponse,
});
