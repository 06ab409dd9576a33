import { z } from 'zod/mini';
import { FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlag, ZFlagKey, ZRolloutPct } from '../entities/feature-flag.js';
import { boundedRecord, ZOrgCode } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZOpsFlagParams = z.object({ flagKey: ZFlagKey });

export const ZPutOpsFlagBody = z.object({
  enabled: z.boolean(),
  description: z.string().check(z.trim(), z.maxLength(500)),
  rolloutPct: ZRolloutPct,
  /** Organisation code → on or off for that organisation; `{}` for none. */
  organizationOverrides: boundedRecord(
    ZOrgCode,
    z.boolean(),
    FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT,
    `At most ${FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT} organisations`,
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
