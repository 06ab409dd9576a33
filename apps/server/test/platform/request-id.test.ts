/**
 * One id follows a request from the load balancer into the log: a well-formed `X-Request-Id` is
 * adopted as the request's log id, anything else replaced by a new one, and the id comes back on
 * every answer, errors included.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../helpers/app.js';
import type { TTestDatabase } from '../helpers/db.js';
import { closeTestApp, openTestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STATES = '/service-cryptopl-leap/insecure/api/v1/states/valid';

let database: TTestDatabase;
let app: FastifyInstance;
let lines: string[];

beforeAll(async () => {
  const captured = captureLogger();
  lines = captured.lines;
  ({ database, app } = await openTestApp({ logger: captured.logger }));
});
afterAll(() => closeTestApp({ database, app }));

/** GET the valid states, sending `id` as the request id. */
const statesWithRequestId = (id: string) =>
  app.inject({ method: 'GET', url: STATES, headers: { 'x-request-id': id } });

describe('the request id', () => {
  it.each([
    ['a UUID', '0b6f7c1e-3f4a-4c1d-9a55-2f0e1d3c4b5a'],
    ['one character', 'a'],
    ['128 characters of every allowed kind', `${'aZ09._:-'.repeat(15)}abcdefgh`],
    ['a trace id', 'Root:1-67891233-abcdef012345678912345678'],
  ])('adopts a well-formed one (%s) and echoes it', async (_name, id) => {
    expect(id.length).toBeLessThanOrEqual(128);
    const response = await statesWithRequestId(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
  });

  it.each([
    ['too long (129 characters)', 'a'.repeat(129)],
    ['a space', 'abc def'],
    ['a slash', 'abc/def'],
    ['a quote', 'abc"def'],
    ['a backslash', 'abc\\def'],
    ['non-ASCII', 'abcdé'],
    ['empty', ''],
  ])('replaces a malformed one (%s) with a new one', async (_name, id) => {
    const response = await statesWithRequestId(id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('is new for each request that sends none', async () => {
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: STATES }),
      app.inject({ method: 'GET', url: STATES }),
    ]);
    expect(first?.headers['x-request-id']).toMatch(UUID);
    expect(second?.headers['x-request-id']).toMatch(UUID);
    expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id']);
  });

  it.each([
    ['a 404', { method: 'GET', url: '/service-cryptopl-leap/no-such-thing' }, 404],
    [
      'a 400 (validation)',
      {
        method: 'POST',
        url: '/service-cryptopl-leap/insecure/api/v1/rates',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      },
      400,
    ],
    [
      'a 400 (malformed JSON)',
      {
        method: 'POST',
        url: '/service-cryptopl-leap/insecure/api/v1/rates',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      400,
    ],
    [
      'a 415',
      {
        method: 'POST',
        url: '/service-cryptopl-leap/insecure/api/v1/rates',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      415,
    ],
    [
      'a 401',
      { method: 'GET', url: '/identity-broker/customer/secure/api/v3/self/figureinfo' },
      401,
    ],
    ['a URL that cannot be decoded', { method: 'GET', url: '/%E0%A4%A' }, 400],
  ] as const)('comes back on %s', async (_name, request, statusCode) => {
    const id = `error-${statusCode}-${Date.now()}`;
    const response = await app.inject({
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), 'x-request-id': id },
    });
    expect(response.statusCode).toBe(statusCode);
    expect(response.headers['x-request-id']).toBe(id);
  });

  it("is the request's log id", async () => {
    const id = `logged-${Date.now()}`;
    const response = await app.inject({
      method: 'GET',
      url: '/identity-broker/customer/secure/api/v3/self/figureinfo',
      headers: { 'x-request-id': id, authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    const logged = lines
      .map((line) => JSON.parse(line) as { reqId?: string })
      .filter((line) => line.reqId === id);
    expect(logged.length).toBeGreaterThan(0);
  });
});
