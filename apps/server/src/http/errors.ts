import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TApiError } from '@pledge/contract';
import { isDomainError } from '@pledge/domain';
import { bodyFieldNames } from '../logger.js';
import { databaseFailureOf, driverErrorOf } from './database-errors.js';

/** An error a service throws to answer a specific non-2xx status (404 for someone else's id…). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const UNAUTHENTICATED: TApiError = { code: 'UNAUTHENTICATED', message: 'Unauthenticated' };
const INTERNAL: TApiError = {
  code: 'INTERNAL_ERROR',
  message: 'Something unexpected happened. Try again',
};
const NOT_FOUND: TApiError = { code: 'NOT_FOUND', message: 'Not found' };
/** The database is out of reach for now (an outage, a restart, a failover). */
const UNAVAILABLE: TApiError = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Try again in a moment',
};
/** A statement ran past its statement or lock timeout: the database is busy. */
const TIMED_OUT: TApiError = {
  code: 'TIMEOUT',
  message: 'The request took too long. Try again in a moment',
};
/** When a client should try again after a database outage, and after a timeout. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const TIMEOUT_RETRY_AFTER_SECONDS = 3;

/** Codes of the 4xx answers Fastify itself produces (parsing, limits), by status. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

const VALIDATION_CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** `/a/0/b` → `a.0.b`; an issue on the whole part is reported under its name (`body`, `query`). */
function fieldPath(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').split('/').filter((segment) => segment !== '');
  if (path.length > 0) return path.join('.');
  return VALIDATION_CONTEXT_NAMES[context ?? ''] ?? 'request';
}

export interface TErrorAnswer {
  statusCode: number;
  body: TApiError;
  /** Unexpected: log it with its stack. */
  isUnexpected: boolean;
  /** A passing condition: the client may try again after this many seconds (`Retry-After`). */
  retryAfterSeconds?: number;
}

/** Maps anything thrown while handling a request to the answer the client gets. */
export function toErrorAnswer(error: unknown): TErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = fieldPath(issue.instancePath, error.validationContext);
      const message = issue.message ?? 'Invalid value';
      const messages = (fieldErrors[key] ??= []);
      if (!messages.includes(message)) messages.push(message);
    }
    const first = error.validation[0]?.message ?? 'Invalid request';
    return {
      statusCode: 400,
      body: { code: 'VALIDATION_ERROR', message: first, fieldErrors },
      isUnexpected: false,
    };
  }
  if (isDomainError(error)) {
    // A refused input (it names the fields) is a bad request; a rule refusing an otherwise
    // well-formed request is unprocessable.
    const hasFields = error.fieldErrors !== undefined && Object.keys(error.fieldErrors).length > 0;
    return {
      statusCode: hasFields ? 400 : 422,
      body: {
        code: error.code,
        message: error.message,
        ...(hasFields ? { fieldErrors: error.fieldErrors } : {}),
      },
      isUnexpected: false,
    };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors !== undefined ? { fieldErrors: error.fieldErrors } : {}),
      },
      isUnexpected: error.statusCode >= 500,
    };
  }
  if (isClientError(error)) {
    const statusCode = error.statusCode;
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'MALFORMED_JSON'
        : (CLIENT_ERROR_CODES[statusCode] ?? 'BAD_REQUEST');
    return { statusCode, body: { code, message: error.message }, isUnexpected: false };
  }
  const databaseFailure = databaseFailureOf(error);
  if (databaseFailure === 'unavailable') {
    return {
      statusCode: 503,
      body: UNAVAILABLE,
      isUnexpected: false,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    };
  }
  if (databaseFailure === 'timeout') {
    return {
      statusCode: 504,
      body: TIMED_OUT,
      isUnexpected: false,
      retryAfterSeconds: TIMEOUT_RETRY_AFTER_SECONDS,
    };
  }
  return { statusCode: 500, body: INTERNAL, isUnexpected: true };
}

/**
 * A 4xx raised by Fastify (body parsing, limits, bad URLs), a plugin (rate limit, static files) or
 * an http-errors style error: its message is written for the client.
 */
export function isClientError(
  error: unknown,
): error is Error & { statusCode: number; code?: FastifyError['code'] } {
  return (
    error instanceof Error &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

/** Every non-2xx answer is a JSON `ZApiError`; unexpected errors are logged, never shown. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toErrorAnswer(error);
    if (answer.isUnexpected) {
      // Which fields were sent helps diagnosis; their values (names, addresses, SSNs…) never
      // reach the log, whatever the route.
      request.log.error({ err: error, bodyFields: bodyFieldNames(request.body) }, 'request failed');
    } else if (answer.retryAfterSeconds !== undefined) {
      // The operator's concern (the database's), not a bug of this request: no stack, no body.
      const driverError = driverErrorOf(error) as (Error & { code?: unknown }) | null;
      request.log.warn(
        { statusCode: answer.statusCode, reason: driverError?.message, dbCode: driverError?.code },
        'database could not answer the request',
      );
      void reply.header('retry-after', String(answer.retryAfterSeconds));
    } else if (answer.statusCode === 401 || answer.statusCode === 403) {
      request.log.info({ code: answer.body.code }, 'request refused');
    }
    return reply.code(answer.statusCode).type('application/json').send(answer.body);
  });
  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).type('application/json').send(NOT_FOUND);
  });
}
