import type { FastifyReply, FastifyRequest } from 'fastify';
import { brandFor, orgCodeForHost } from '../../brands/brands.js';
import { RateLimitedError } from '../../security/rate-limit.js';
import type { TRequestOrigin } from '../../services/identity/deps.js';

export const ORGANIZATION_HEADER = 'x-organization';

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * The brand a sign-in speaks for: the `x-organization` header, else `?org=`, else the host name;
 * an unknown code is the default brand.
 */
export function requestOrgCode(request: FastifyRequest, sandbox: boolean): string {
  const query = request.query as Record<string, unknown> | undefined;
  const candidates = [
    firstString(request.headers[ORGANIZATION_HEADER]),
    firstString(query?.org),
    orgCodeForHost(request.hostname),
  ];
  for (const candidate of candidates) {
    const code = candidate?.trim().toLowerCase();
    if (code !== undefined && code !== '' && brandFor(code, sandbox).orgCode === code) return code;
  }
  return brandFor(undefined, sandbox).orgCode;
}

export function requestOrigin(request: FastifyRequest, sandbox: boolean): TRequestOrigin {
  return {
    orgCode: requestOrgCode(request, sandbox),
    ip: request.ip,
    userAgent: firstString(request.headers['user-agent']),
  };
}

/** Runs a use case; a rate-limit refusal also tells the client when to retry (Retry-After). */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
