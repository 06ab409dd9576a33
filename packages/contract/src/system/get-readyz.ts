import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

export const ZGetReadyzResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.literal('current'),
});
export type TGetReadyzResponse = z.infer<typeof ZGetReadyzResponse>;

/**
 * Readiness: the database answers and holds every migration this build expects; 503 otherwise,
 * while the instance drains for a shutdown, and (code SCHEMA_TOO_NEW, with the reason) when a newer
 * release's contract migration took the schema beyond this build.
 */
export const getReadyz = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  auth: 'none',
  summary: 'Readiness: database reachable, migrations current, not shutting down',
  response: ZGetReadyzResponse,
});
