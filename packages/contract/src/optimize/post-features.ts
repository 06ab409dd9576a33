import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlagDecision, ZOptimizeUser } from '../entities/feature-flag.js';
import { ZTelemetryContextParams } from '../telemetry/context.js';

export const ZPostFeaturesBody = z.object({
  optimizeUser: ZOptimizeUser,
});
export type TPostFeaturesBody = z.infer<typeof ZPostFeaturesBody>;

export const ZPostFeaturesResponse = z.object({
  features: z.array(ZFeatureFlagDecision),
});
export type TPostFeaturesResponse = z.infer<typeof ZPostFeaturesResponse>;

export const postFeatures = defineEndpoint({
  method: 'POST',
  path: '/service-optimize/:context/api/v1/features',
  auth: 'none',
  summary: 'Every flag with its decision for this user',
  params: ZTelemetryContextParams,
  body: ZPostFeaturesBody,
  response: ZPostFeaturesResponse,
});
