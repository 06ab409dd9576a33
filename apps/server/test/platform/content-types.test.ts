/**
 * JSON routes read JSON only: a form, plain text or multipart answers 415 with the API's error
 * shape, so that no other site can post to them without a preflight. Only the begin-sign-in form
 * POST reads url-encoded forms, and only from this site; only the ID upload reads multipart.
 * Secure routes are called with a valid token: without one they answer 401 before the body is read
 * (test/platform/auth-before-parsing.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, endpoints, ZApiError, type TEndpoint } from '@pledge/contract';
import { SIGN_IN_AUDIENCES } from '@pledge/domain';
import type { TTestDatabase } from '../helpers/db.js';
import { brokerPath, NONCE } from '../identity/sign-in.js';
import { agentHeaders, borrowerHeaders, newIdentity, testAuthVerifier } from './helpers.js';
import { closeTestApp, openTestApp, useTestApp } from '../helpers/test-app.js';

const UNSUPPORTED = { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) };
const SOME_UUID = '5b0c8f4e-6f2a-4c1e-9d3b-2a7e1f0c9b84';

const borrower = newIdentity();
const agent = newIdentity();

/** A valid token for a secure route, so that the request reaches the body parser. */
function tokenFor(endpoint: TEndpoint): Record<string, string> {
  if (endpoint.auth === 'bearer') return borrowerHeaders(borrower);
  if (endpoint.auth === 'agent') return agentHeaders(agent);
  return {};
}

/** Every contract route that takes a JSON body, with its path filled and a token if it needs one. */
const jsonBodyRoutes = Object.entries(endpoints as Record<string, TEndpoint>)
  .filter(([, endpoint]) => endpoint.body !== undefined)
  .map(([name, endpoint]) => {
    const params = Object.fromEntries(
      [...endpoint.path.matchAll(/:([A-Za-z]\w*)/g)].map(([, key]) => [key ?? '', SOME_UUID]),
    );
    return {
      name,
      method: endpoint.method,
      path: endpoint.path,
      url: buildPath(endpoint.path, params),
      headers: tokenFor(endpoint),
    };
  });

function isApiError(body: string): boolean {
  return ZApiError.safeParse(JSON.parse(body)).success;
}

describe('content types', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, app } = await openTestApp({ authVerifier: testAuthVerifier }));
  });
  afterAll(() => closeTestApp({ database, app }));

  /** The JSON routes this app serves (a contract route may not be built yet). */
  const servedJsonRoutes = () =>
    jsonBodyRoutes.filter((route) => app.hasRoute({ method: route.method, url: route.path }));

  /**
   * A client address of its own for each request of the walks below: a money route's pace (a few a
   * minute per client) counts before the body is read, and this test is about content types.
   */
  let clients = 0;
  const nextClient = () => {
    clients += 1;
    return `10.77.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  };

  const post = (
    url: string,
    contentType: string | undefined,
    payload?: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: contentType === undefined ? headers : { ...headers, 'content-type': contentType },
      ...(payload !== undefined ? { payload } : {}),
    });

  it.each(SIGN_IN_AUDIENCES)(
    'refuses a url-encoded %s otp/start and otp/verify with 415',
    async (audience) => {
      const form = 'application/x-www-form-urlencoded';
      const started = await post(
        brokerPath(audience, '/api/v3/otp/start'),
        form,
        'email=a%40example.com',
      );
      const verified = await post(
        brokerPath(audience, '/api/v3/otp/verify'),
        form,
        `email=a%40example.com&code=123456&nonce=${NONCE}`,
      );
      for (const response of [started, verified]) {
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual(UNSUPPORTED);
      }
    },
  );

  it.each([
    ['otp/start', brokerPath('customer', '/api/v3/otp/start'), { email: 'a@example.com' }],
    [
      'otp/verify',
      brokerPath('customer', '/api/v3/otp/verify'),
      { email: 'a@example.com', code: '123456', nonce: NONCE },
    ],
    ['legacy login', '/identity/api/v1/login', { email: 'a@example.com', password: 'pass_good' }],
  ])('refuses a JSON %s sent as text/plain with 415', async (_name, url, body) => {
    const response = await post(url, 'text/plain', JSON.stringify(body));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(UNSUPPORTED);
  });

  it('refuses a form, plain text or multipart on every JSON route', async () => {
    const wrong: [string, string][] = [
      ['application/x-www-form-urlencoded', 'a=1'],
      ['text/plain', '{"a":1}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ],
      ['application/xml', '<a/>'],
    ];
    expect(servedJsonRoutes().length).toBeGreaterThan(30);
    for (const route of servedJsonRoutes()) {
      for (const [contentType, payload] of wrong) {
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { ...route.headers, 'content-type': contentType },
          payload,
          remoteAddress: nextClient(),
        });
        expect(response.statusCode, `${route.name} ${contentType}`).toBe(415);
        expect(isApiError(response.body), route.name).toBe(true);
      }
    }
  });

  it('answers a body without a content type 415, and no body at all 400, on every JSON route', async () => {
    for (const route of servedJsonRoutes()) {
      const untyped = await app.inject({
        method: route.method,
        url: route.url,
        headers: route.headers,
        payload: '{"a":1}',
        remoteAddress: nextClient(),
      });
      expect(untyped.statusCode, route.name).toBe(415);
      expect(untyped.json(), route.name).toEqual(UNSUPPORTED);
      const empty = await app.inject({
        method: route.method,
        url: route.url,
        headers: route.headers,
        remoteAddress: nextClient(),
      });
      expect(empty.statusCode, route.name).toBe(400);
      expect(isApiError(empty.body), route.name).toBe(true);
    }
  });

  it('reads multipart on the ID upload only (the rest of the upload is tested beside it)', async () => {
    const upload = buildPath(endpoints.postIdentityDocuments.path, { appUuid: SOME_UUID });
    const token = tokenFor(endpoints.postIdentityDocuments);
    const response = await post(upload, 'multipart/form-data; boundary=x', '--x--', token);
    // Past the parser: the route itself answers (an empty form, for an application of no one).
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    const form = await post(upload, 'application/x-www-form-urlencoded', 'a=1', token);
    expect(form.statusCode).toBe(415);
  });
});

describe('the begin-sign-in form POST', () => {
  const world = useTestApp({ sandbox: true });

  const HOST = 'loans.example.com';
  let attempt = 0;
  const login = (headers: Record<string, string>, audience: 'customer' | 'agent' = 'customer') => {
    attempt += 1;
    return world.app.inject({
      method: 'POST',
      url: brokerPath(audience, `/api/v3/login?redirectUrl=%2Fdashboard&nonce=${NONCE}-${attempt}`),
      headers: { host: HOST, ...headers },
      payload: '',
    });
  };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it.each([
    ['the web app (fetch, same origin, no body)', { 'sec-fetch-site': 'same-origin' }],
    ['a same-origin form', { ...form, 'sec-fetch-site': 'same-origin', origin: `https://${HOST}` }],
    ['a browser without Sec-Fetch-Site, same Origin', { ...form, origin: `https://${HOST}` }],
    ['a client that is no browser page', form],
  ])('accepts %s', async (_name, headers) => {
    for (const audience of SIGN_IN_AUDIENCES) {
      const response = await login(headers, audience);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toContain('/auth/login?audience=');
    }
  });

  it.each([
    [
      'a cross-site form',
      { ...form, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ],
    [
      'a same-site sibling',
      { ...form, 'sec-fetch-site': 'same-site', origin: `https://x.${HOST}` },
    ],
    ['another Origin (no Sec-Fetch-Site)', { ...form, origin: 'https://evil.example' }],
    ['another port of the host', { ...form, origin: `https://${HOST}:8443` }],
    ['Origin null', { ...form, origin: 'null' }],
  ])('refuses %s with 403', async (_name, headers) => {
    for (const audience of SIGN_IN_AUDIENCES) {
      const response = await login(headers, audience);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'CROSS_SITE_REQUEST', message: expect.any(String) });
      expect(response.headers.location).toBeUndefined();
    }
  });
});
