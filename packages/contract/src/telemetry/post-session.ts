import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZSessionKey, ZTelemetrySession } from '../entities/telemetry.js';
import { ZTelemetryContextParams } from './context.js';

export const ZPostTelemetrySessionBody = ZTelemetrySession;
export type TPostTelemetrySessionBody = z.infer<typeof ZPostTelemetrySessionBody>;

export const ZPostTelemetrySessionResponse = z.object({
  sessionKey: ZSessionKey,
});
export type TPostTelemetrySessionResponse = z.infer<typeof ZPostTelemetrySessionResponse>;

export const postTelemetrySession = defineEndpoint({
  method: 'POST',
  path: '/ft/:context/session',
  auth: 'none',
  summary: 'Open (or continue) a tracking session',
  params: ZTelemetryContextParams,
  body: ZPostTelemetrySessionBody,
  response: ZPostTelemetrySessionResponse,
});
