import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, getUserApps, ZApiError } from '@pledge/contract';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { route } from '../src/http/route.js';
import { buildTestApp } from './helpers/app.js';
import type { TTestDatabase } from './helpers/db.js';
import { createSandboxDemoDatabase } from './helpers/seeded-db.js';
import { closeTestApp } from './helpers/test-app.js';

const LEAP = '/service-cryptopl-leap/insecure/api/v1';
const JSON_ENDPOINTS = [`${LEAP}/rates`, '/sandbox/prices'];

/** A deterministic pseudo-random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function randomJson(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 6 : 8));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() > 0.5;
    case 2:
      return [0, -1, 1e308, -0.000001, 12345.678, Number.MAX_SAFE_INTEGER + 2][
        Math.floor(next() * 6)
      ];
    case 3:
      return [
        '',
        'BTC',
        'ETH',
        'SOL',
        'CA',
        '1.5',
        '-1',
        '1e5',
        '<script>',
        '\u2028',
        'x'.repeat(300),
      ][Math.floor(next() * 11)];
    case 4:
      return ['state', 'countryCode', 'coinQuantity', 'collateralType', 'requestedAmount'][
        Math.floor(next() * 5)
      ];
    case 5:
      return {};
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default: {
      const keys = [
        'state',
        'countryCode',
        'coinQuantity',
        'collateralType',
        'requestedAmount',
        'BTC',
        'ETH',
        'extra',
      ];
      return Object.fromEntries(
        keys.filter(() => next() > 0.4).map((key) => [key, randomJson(next, depth + 1)]),
      );
    }
  }
}

const limitedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/limited-for-test',
  auth: 'none',
  summary: 'A rate-limited endpoint for this test',
  response: z.object({ ok: z.boolean() }),
});

describe('robustness and security', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createSandboxDemoDatabase();
    app = await buildTestApp({ database });
    // A secure endpoint of the contract, to exercise the auth hook point before sign-in exists.
    route(app, limitedEndpoint, async () => ({ ok: true }), {
      rateLimit: { max: 2, timeWindow: 60_000 },
    });
  });
  afterAll(() => closeTestApp({ database, app }));

  it('never answers 5xx to random JSON bodies, and every error is an ApiError', async () => {
    const next = random(20240601);
    for (let index = 0; index < 300; index += 1) {
      const url = JSON_ENDPOINTS[index % JSON_ENDPOINTS.length] as string;
      const payload = JSON.stringify(randomJson(next));
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, `${url} ${payload}`).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(ZApiError.safeParse(response.json()).success, payload).toBe(true);
      }
    }
  });

  it('never answers 5xx to random query strings', async () => {
    const next = random(7);
    const values = ['', 'OH', 'oh', 'XX', 'DE', 'US', '%00', '%ZZ', '[]', 'a'.repeat(500)];
    for (let index = 0; index < 100; index += 1) {
      const parts = ['state', 'countryCode', 'orgCode', 'state[]', 'other']
        .filter(() => next() > 0.5)
        .map((key) => `${key}=${values[Math.floor(next() * values.length)] ?? ''}`);
      const response = await app.inject({
        method: 'GET',
        url: `${LEAP}/crypto-values?${parts.join('&')}`,
      });
      expect(response.statusCode, parts.join('&')).toBeLessThan(500);
    }
  });

  it.each([
    ['malformed JSON', 'application/json', '{"coinQuantity": ', 400, 'MALFORMED_JSON'],
    ['an empty JSON body', 'application/json', '', 400, 'MALFORMED_JSON'],
    ['prototype poisoning', 'application/json', '{"__proto__": {"x": 1}}', 400, 'MALFORMED_JSON'],
    ['plain text', 'text/plain', 'coinQuantity=1', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a form',
      'application/x-www-form-urlencoded',
      'coinQuantity=1',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['XML', 'application/xml', '<rates/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('answers %s with a 4xx ApiError', async (_name, contentType, payload, status, code) => {
    const response = await app.inject({
      method: 'POST',
      url: `${LEAP}/rates`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${LEAP}/rates`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ coinQuantity: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an undecodable URL with a 400 ApiError', async () => {
    const response = await app.inject({ method: 'GET', url: '/service-cryptopl-leap/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(ZApiError.safeParse(response.json()).success).toBe(true);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/service-cryptopl-leap/insecure/api/v1/nothing', '/identity/x', '/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('applies per-route rate limits with a 429 ApiError', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await app.inject({ method: 'POST', url: limitedEndpoint.path })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await app.inject({ method: 'POST', url: limitedEndpoint.path });
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers secure endpoints 401 until sign-in exists', async () => {
    const response = await app.inject({
      method: 'GET',
      url: getUserApps.path,
      headers: { authorization: 'Bearer forged.token.value' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
  });

  it('sends the security headers on API answers and pages', async () => {
    for (const url of ['/healthz', '/account/crypto-backed-loan/start']) {
      const { headers } = await app.inject({ method: 'GET', url });
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });
});
