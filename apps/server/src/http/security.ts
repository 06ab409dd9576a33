import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from './errors.js';

const ONE_YEAR_S = 31_536_000;
export const NO_STORE = 'no-store';
const PLAID_CDN = 'https://cdn.plaid.com';
const PLAID_API = 'https://*.plaid.com';

/**
 * Security headers on every answer: a CSP without inline scripts (the brand block in index.html is
 * `type="application/json"`, which is data, not script), no framing by others (only a brand preview
 * is framed, by the console of this origin), HSTS, no referrer; and the
 * rate limiter, applied per route (sign-in, one-time codes) rather than globally.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: {
    publicOrigin: string | undefined;
    allowPlaidLink?: boolean;
    /** Where the per-route limits count (shared by every instance); in memory when unset. */
    rateLimitStore?: FastifyRateLimitStoreCtor;
  },
): Promise<void> {
  const servedOverHttps = options.publicOrigin?.startsWith('https://') === true;
  // Plaid's Link widget is a script and an iframe from Plaid's CDN that talks to Plaid's API; it is
  // allowed only when the real bank-link adapter is configured (the sandbox picker is in-app).
  const plaid = options.allowPlaidLink === true;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: plaid ? ["'self'", PLAID_CDN] : ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: plaid ? ["'self'", PLAID_API] : ["'self'"],
        // 'self': the brand console previews a draft in frames of the real pages.
        frameSrc: plaid ? ["'self'", PLAID_CDN] : ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only behind https: on plain-http development it would send every request to https.
        upgradeInsecureRequests: servedOverHttps ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: ONE_YEAR_S, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    // The legacy header agrees with frame-ancestors 'none'.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // Answers carry personal data (profiles, tokens, applications) and must never be kept by a
  // browser or a proxy cache: no-store is the default of every answer, and the few cacheable ones
  // (hashed assets, brand logos, public web files) set their own Cache-Control over it.
  headers.push(['cache-control', NO_STORE]);
  // The headers are the same for every answer: helmet computes them once at startup, and one cheap
  // hook puts them on every request that reaches routing (API, pages, files, 404s and errors). They
  // join the reply's own headers (which an error answer keeps) rather than the raw response's:
  // Node then writes the head from that one object, where headers on the raw response are kept in
  // a map of their own that the reply's are copied into, one by one, when the head is written.
  const headerValues = Object.fromEntries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headerValues);
    done();
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    ...(options.rateLimitStore !== undefined ? { store: options.rateLimitStore } : {}),
  });
}

/**
 * The client a limit counts for: its address. A request whose socket has already closed has none
 * (request.ip is undefined), which the limiter's own key would turn into a 500; such requests share
 * one count, and their answer goes nowhere anyway.
 */
export function rateLimitKey(request: { ip: string | undefined }): string {
  return request.ip ?? 'closed-connection';
}

/** The headers helmet sets with these options, computed once. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error instanceof Error) throw error;
  });
  return [...headers];
}

/**
 * Whether a request was sent by another site's page: by Sec-Fetch-Site where the browser sends it
 * (only same-origin and a typed-in navigation pass), else by Origin against the request's own host.
 * A request with neither comes from no browser page (a script, an old client) and passes.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    // `Origin: null` (a sandboxed frame, a cross-site redirect) or garbage.
    return true;
  }
}

/**
 * An onRequest hook for routes that read url-encoded forms, which any site can post without a
 * preflight: a cross-site request answers 403 before its body is read.
 */
export async function refuseCrossSiteRequests(request: FastifyRequest): Promise<void> {
  if (isCrossSiteRequest(request)) {
    throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Start the sign-in from this site');
  }
}
