import { z } from 'zod/mini';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

export const ZPostRefiStabilizationBody = z.object({
  optIn: z.boolean(),
});
export type TPostRefiStabilizationBody = z.infer<typeof ZPostRefiStabilizationBody>;

export const postRefiStabilization = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/:appUuid/stabilization`,
  auth: 'bearer',
  summary: 'Opt in or out of stabilization (custody-only offers)',
  params: ZAppParams,
  body: ZPostRefiStabilizationBody,
  response: ZRefinancingApplication,
});
