import type { FastifyRequest } from 'fastify';

/** Recorded with a signature; longer user agents are cut. */
const USER_AGENT_MAX_CHARS = 512;

/** Where a signature comes from, as it is recorded with it: the caller's address and user agent. */
export function signatureOrigin(request: FastifyRequest): { ipAddress: string; userAgent: string } {
  return {
    ipAddress: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_CHARS),
  };
}
