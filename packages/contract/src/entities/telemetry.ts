import { z } from 'zod';
import { ZLocalPath } from '../wire.js';

/** Platforms a tracking session can come from; this product is the web one. */
export const TELEMETRY_PLATFORMS = ['WEB'] as const;

/** Session key (document 2 §3): names a tracking session in every event. */
export const ZSessionKey = z.object({
  uuid: z.uuid(),
  /** Milliseconds since 1970 when the session started. */
  epoch: z.number().int().nonnegative(),
  trackerUuid: z.uuid(),
});
export type TSessionKey = z.infer<typeof ZSessionKey>;

const ZSize = z.object({
  width: z.number().int().nonnegative().max(100_000),
  height: z.number().int().nonnegative().max(100_000),
});

/** Session payload (document 2 §3). */
export const ZTelemetrySession = z.object({
  platform: z.enum(TELEMETRY_PLATFORMS),
  libraryVersion: z.string().min(1).max(64),
  referrer: z.string().max(2048),
  screenSize: ZSize,
  windowSize: ZSize,
  /** A session the browser already holds and wants to continue; absent for a fresh one. */
  sessionKey: ZSessionKey.optional(),
  appVersion: z.string().min(1).max(64),
});
export type TTelemetrySession = z.infer<typeof ZTelemetrySession>;

const ZEventPropertyValue = z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]);

/** Event payload (document 2 §3). */
export const ZTelemetryEvent = z.object({
  domain: z.string().min(1).max(253),
  queryParams: z.record(z.string().max(128), z.string().max(2048)),
  pagePath: ZLocalPath,
  event: z.string().min(1).max(128),
  sessionKey: ZSessionKey,
  identityId: z.uuid().nullable(),
  applicationUuid: z.uuid().nullable(),
  eventType: z.string().min(1).max(64),
  productType: z.string().min(1).max(64),
  eventProperties: z.record(z.string().max(128), ZEventPropertyValue),
  dontDedupe: z.boolean(),
  /** The property whose value makes two events the same event; null to dedupe on the name alone. */
  dedupeProperty: z.string().max(128).nullable(),
});
export type TTelemetryEvent = z.infer<typeof ZTelemetryEvent>;
