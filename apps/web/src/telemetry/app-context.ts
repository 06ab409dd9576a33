/**
 * The name this app goes by towards the tracking, flag and banner services: the `:context` of the
 * tracking and decision paths, and the app a remote banner must list to show here.
 */
export const APP_CONTEXT = 'crypto-backed-loan';

/** What the events of this app are about, for the tracking service's reports. */
export const TELEMETRY_PRODUCT_TYPE = 'CRYPTO_BACKED_LOAN';

/** The version of this tracking client; the tracking service reads older payloads by it. */
export const TELEMETRY_LIBRARY_VERSION = '1.0.0';

/** The build of the app, set at build time (VITE_APP_VERSION), else the development build. */
export const APP_VERSION: string =
  (import.meta.env.VITE_APP_VERSION as string | undefined) ?? 'development';
