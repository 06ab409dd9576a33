import { z } from 'zod/mini';
import {
  TELEMETRY_KEY_MAX_LENGTH,
  TELEMETRY_PROPERTIES_MAX_COUNT,
  TELEMETRY_VALUE_MAX_LENGTH,
} from '@pledge/domain';
import { boundedRecord, ZLocalPath } from '../wire.js';

/** Platforms a tracking session can come from; this product is the web one. */
export const TELEMETRY_PLATFORMS = ['WEB'] as const;

/** Session key (document 2 §3): names a tracking session in every event. */
export const ZSessionKey = z.object({
  uuid: z.uuid(),
  /** Milliseconds since 1970 when the session started. */
  epoch: z.number().check(z.int(), z.nonnegative()),
  trackerUuid: z.uuid(),
});
export type TSessionKey = z.infer<typeof ZSessionKey>;

const ZSize = z.object({
  width: z.number().check(z.int(), z.nonnegative(), z.lte(100_000)),
  height: z.number().check(z.int(), z.nonnegative(), z.lte(100_000)),
});

/** Session payload (document 2 §3). */
export const ZTelemetrySession = z.object({
  platform: z.enum(TELEMETRY_PLATFORMS),
  libraryVersion: z.string().check(z.minLength(1), z.maxLength(64)),
  referrer: z.string().check(z.maxLength(2048)),
  screenSize: ZSize,
  windowSize: ZSize,
  /** A session the browser already holds and wants to continue; absent for a fresh one. */
  sessionKey: z.optional(ZSessionKey),
  appVersion: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type TTelemetrySession = z.infer<typeof ZTelemetrySession>;

const ZTelemetryKey = z.string().check(z.maxLength(TELEMETRY_KEY_MAX_LENGTH));

const ZEventPropertyValue = z.union([
  z.string().check(z.maxLength(TELEMETRY_VALUE_MAX_LENGTH)),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** Event payload (document 2 §3). */
export const ZTelemetryEvent = z.object({
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  queryParams: boundedRecord(
    ZTelemetryKey,
    z.string().check(z.maxLength(TELEMETRY_VALUE_MAX_LENGTH)),
    TELEMETRY_PROPERTIES_MAX_COUNT,
  ),
  pagePath: ZLocalPath,
  event: z.string().check(z.minLength(1), z.maxLength(128)),
  sessionKey: ZSessionKey,
  identityId: z.nullable(z.uuid()),
  applicationUuid: z.nullable(z.uuid()),
  eventType: z.string().check(z.minLength(1), z.maxLength(64)),
  productType: z.string().check(z.minLength(1), z.maxLength(64)),
  eventProperties: boundedRecord(
    ZTelemetryKey,
    ZEventPropertyValue,
    TELEMETRY_PROPERTIES_MAX_COUNT,
  ),
  dontDedupe: z.boolean(),
  /**
   * The property whose value makes two events of one name the same event; null (or a property the
   * event does not carry) to use the page path. Ignored when `dontDedupe`.
   */
  dedupeProperty: z.nullable(z.string().check(z.maxLength(128))),
});
export type TTelemetryEvent = z.infer<typeof ZTelemetryEvent>;
