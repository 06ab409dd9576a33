import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

export const ZGetHealthzResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type TGetHealthzResponse = z.infer<typeof ZGetHealthzResponse>;

export const getHealthz = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  auth: 'none',
  summary: 'Liveness and database reachability',
  response: ZGetHealthzResponse,
});
