import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlag, ZFlagKey } from '../entities/feature-flag.js';
import { ZOrgCode } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZOpsFlagParams = z.object({ flagKey: ZFlagKey });

export const ZPutOpsFlagBody = z.object({
  enabled: z.boolean(),
  description: z.string().trim().max(500),
  /** Null: on or off for every organisation. */
  organizations: z.array(ZOrgCode).min(1).nullable(),
});
export type TPutOpsFlagBody = z.infer<typeof ZPutOpsFlagBody>;

export const ZPutOpsFlagResponse = ZFeatureFlag;
export type TPutOpsFlagResponse = z.infer<typeof ZPutOpsFlagResponse>;

export const putOpsFlag = defineEndpoint({
  method: 'PUT',
  path: `${OPS}/flags/:flagKey`,
  auth: 'agent',
  summary: 'Create or update a feature flag',
  params: ZOpsFlagParams,
  body: ZPutOpsFlagBody,
  response: ZPutOpsFlagResponse,
});
