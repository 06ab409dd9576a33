import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const ONE_YEAR_S = 31_536_000;
const PLAID_CDN = 'https://cdn.plaid.com';
const PLAID_API = 'https://*.plaid.com';

/**
 * Security headers on every answer: a CSP without inline scripts (the brand block in index.html is
 * `type="application/json"`, which is data, not script), no framing, HSTS, no referrer; and the
 * rate limiter, applied per route (sign-in, one-time codes) rather than globally.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string | undefined; allowPlaidLink?: boolean },
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
        frameSrc: plaid ? [PLAID_CDN] : ["'none'"],
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
  // The headers are the same for every answer: helmet computes them once at startup, and one cheap
  // hook puts them on every request that reaches routing (API, pages, files, 404s and errors).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, { global: false });
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
