import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZFinalSteps } from '../entities/final-steps.js';
import { ZAppParams } from '../wire.js';

export const ZGetFinalStepsResponse = ZFinalSteps;
export type TGetFinalStepsResponse = z.infer<typeof ZGetFinalStepsResponse>;

export const getFinalSteps = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/final-steps`,
  auth: 'bearer',
  summary: 'The final-steps checklist and its overall status',
  params: ZAppParams,
  response: ZGetFinalStepsResponse,
});
