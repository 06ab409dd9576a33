import { z } from 'zod/mini';

/** The `:context` path segment of telemetry and flag calls: the app that sends them. */
export const ZTelemetryContextParams = z.object({
  context: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Must be an app context')),
});
