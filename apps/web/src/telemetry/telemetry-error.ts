import { isApiError } from '../api/client.js';

/**
 * A failed tracking call, as a fetch error whose message is the answer's status (document 2 §8).
 * Tracking never breaks a page: these errors are only logged.
 */
export class TelemetryFetchError extends Error {
  override readonly name = 'TelemetryFetchError';
  readonly status: number;

  constructor(status: number, options?: ErrorOptions) {
    super(String(status), options);
    this.status = status;
  }
}

/** Any failure of a tracking call as a TelemetryFetchError (status 0: no answer at all). */
export function toTelemetryError(error: unknown): TelemetryFetchError {
  if (error instanceof TelemetryFetchError) return error;
  return new TelemetryFetchError(isApiError(error) ? error.status : 0, { cause: error });
}

/** Tracking failures are for developers only: never shown, never thrown. */
export function logTelemetryFailure(error: unknown): void {
  const cause =
    error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.debug(
    `Telemetry: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}${cause}`,
  );
}
