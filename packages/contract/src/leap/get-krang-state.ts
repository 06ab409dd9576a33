import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZKrangState } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

export const ZGetKrangStateResponse = ZKrangState;
export type TGetKrangStateResponse = z.infer<typeof ZGetKrangStateResponse>;

export const getKrangState = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/krang/state`,
  auth: 'bearer',
  summary: 'The application state alone, for polling',
  params: ZAppParams,
  response: ZGetKrangStateResponse,
});
