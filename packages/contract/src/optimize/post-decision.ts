import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZFeatureFlagDecision, ZFeatureFlagRequest } from '../entities/feature-flag.js';
import { ZTelemetryContextParams } from '../telemetry/context.js';

export const ZPostDecisionBody = ZFeatureFlagRequest;
export type TPostDecisionBody = z.infer<typeof ZPostDecisionBody>;

export const ZPostDecisionResponse = ZFeatureFlagDecision;
export type TPostDecisionResponse = z.infer<typeof ZPostDecisionResponse>;

export const postDecision = defineEndpoint({
  method: 'POST',
  path: '/service-optimize/:context/api/v2/decision',
  auth: 'none',
  summary: 'Whether one flag or experiment is on for this user (unknown keys are off)',
  params: ZTelemetryContextParams,
  body: ZPostDecisionBody,
  response: ZPostDecisionResponse,
});
