/** The Idempotency-Key header every money-moving servicing POST needs. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../applications/create-application.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE =
  'Send an Idempotency-Key header of 8 to 128 letters, digits, dots, colons, dashes or underscores';

export function requiredIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'VALIDATION_ERROR', IDEMPOTENCY_KEY_REQUIRED_MESSAGE, {
      [`headers.${IDEMPOTENCY_KEY_HEADER}`]: [IDEMPOTENCY_KEY_REQUIRED_MESSAGE],
    });
  }
  return value;
}

/**
 * The Idempotency-Key header of a call that takes one but works without it (a client of the
 * release before): undefined when absent, refused when malformed.
 */
export function optionalIdempotencyKey(request: FastifyRequest): string | undefined {
  if (request.headers[IDEMPOTENCY_KEY_HEADER] === undefined) return undefined;
  return requiredIdempotencyKey(request);
}
