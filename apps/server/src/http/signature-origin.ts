import type { FastifyRequest } from 'fastify';
import { SIGNATURE_USER_AGENT_MAX_LENGTH } from '@pledge/domain';

/** Where a signature comes from, as it is recorded with it: the caller's address and user agent. */
export function signatureOrigin(request: FastifyRequest): { ipAddress: string; userAgent: string } {
  return {
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, SIGNATURE_USER_AGENT_MAX_LENGTH),
  };
}
