import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlag } from '../entities/feature-flag.js';
import { OPS } from './ops-base.js';

export const ZGetOpsFlagsResponse = z.array(ZFeatureFlag);
export type TGetOpsFlagsResponse = z.infer<typeof ZGetOpsFlagsResponse>;

export const getOpsFlags = defineEndpoint({
  method: 'GET',
  path: `${OPS}/flags`,
  auth: 'agent',
  summary: 'Every feature flag with its setting',
  response: ZGetOpsFlagsResponse,
});
