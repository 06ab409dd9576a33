import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

export const ZGetLivezResponse = z.object({
  status: z.literal('ok'),
});
export type TGetLivezResponse = z.infer<typeof ZGetLivezResponse>;

/** Liveness: the process answers; nothing else is checked (a restart cures nothing more). */
export const getLivez = defineEndpoint({
  method: 'GET',
  path: '/livez',
  auth: 'none',
  summary: 'Liveness: the process is up and answering',
  response: ZGetLivezResponse,
});
