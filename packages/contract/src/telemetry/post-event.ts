import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZTelemetryEvent } from '../entities/telemetry.js';
import { ZNoContent } from '../wire.js';
import { ZTelemetryContextParams } from './context.js';

export const ZPostTelemetryEventBody = ZTelemetryEvent;
export type TPostTelemetryEventBody = z.infer<typeof ZPostTelemetryEventBody>;

export const postTelemetryEvent = defineEndpoint({
  method: 'POST',
  path: '/ft/:context/event',
  auth: 'none',
  summary: 'Record one event (page view, milestone) of a tracking session',
  params: ZTelemetryContextParams,
  body: ZPostTelemetryEventBody,
  response: ZNoContent,
  status: 204,
});
