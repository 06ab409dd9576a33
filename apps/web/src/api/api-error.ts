import type { TApiError } from '@pledge/contract';

export const NOT_JSON_MESSAGE = 'The response was not convertible to json';
export const UNEXPECTED_RESPONSE_MESSAGE = 'The response did not have the expected shape';
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

interface TApiErrorInit {
  status: number;
  statusText: string;
  message: string;
  body: unknown;
  /** The body, checked against the contract's error shape: the client checks it (with zod). */
  apiError?: TApiError | null;
  cause?: unknown;
}

/**
 * A failed call: a non-2xx answer, an answer that is not what the contract promises, or no answer at
 * all (status 0). `body` is the parsed error body — a `TApiError` when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  /** The server's error body when it has the contract's shape, else null. */
  readonly apiError: TApiError | null;

  constructor({ status, statusText, message, body, apiError = null, cause }: TApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.apiError = apiError;
  }

  /** The server's machine-readable error code, when it sent one. */
  get code(): string | null {
    return this.apiError?.code ?? null;
  }

  /** The messages the server gave for one field (dot-separated path), in the spec's words. */
  fieldErrors(field: string): string[] {
    return this.apiError?.fieldErrors?.[field] ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a call that got no answer throws (no connection, or the code of the call did not arrive):
 * the abort reason when its caller aborted it, otherwise an ApiError with status 0.
 */
export function noAnswerError(cause: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted === true) return signal.reason;
  return new ApiError({
    status: 0,
    statusText: '',
    message: NETWORK_ERROR_MESSAGE,
    body: null,
    cause,
  });
}
