/**
 * Authentication comes before parsing: on every secure route of the contract, a request without a
 * valid token answers 401 UNAUTHENTICATED, whatever its params, query and body look like — never
 * 400 with field messages (which would tell a stranger what a valid request needs) nor 413/415.
 * Walks `endpoints`, not a list kept by hand, so a new secure endpoint is covered here.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, endpoints, ZApiError, type TEndpoint } from '@pledge/contract';
import { newBorrower, useApplicationsTestContext } from '../applications/helpers.js';
import { bearer, signIn } from '../identity/sign-in.js';
import { seedSandboxIdentities } from '../helpers/seeded-db.js';

const secure = (Object.entries(endpoints) as [string, TEndpoint][]).filter(
  ([, endpoint]) => endpoint.auth !== 'none',
);

/** Every path param malformed (no route would accept it). */
function malformedUrl(endpoint: TEndpoint): string {
  const params = [...endpoint.path.matchAll(/:([A-Za-z]\w*)/g)].map(([, key]) => [
    key ?? '',
    'not-a-valid-id',
  ]);
  return `${buildPath(endpoint.path, Object.fromEntries(params))}?unexpected=%7B`;
}

const hasBody = (endpoint: TEndpoint) => endpoint.method !== 'GET';

describe('authentication before parsing', () => {
  const ctx = useApplicationsTestContext();
  let app: FastifyInstance;
  let borrowerToken: string;
  let agentToken: string;

  beforeAll(async () => {
    app = ctx.app;
    await seedSandboxIdentities(ctx.database.db);
    borrowerToken = (await newBorrower(app)).token;
    agentToken = await signIn(app, 'agent@example.com', { audience: 'agent' });
  }, 60_000);

  let source = 0;
  /** Each request from its own address, so that rate limits never answer first. */
  const nextAddress = () => {
    source += 1;
    return `10.19.${Math.floor(source / 250)}.${(source % 250) + 1}`;
  };

  it('answers 401 to a missing, garbled or wrong-audience token before reading a malformed request', async () => {
    const served = secure.filter(([, endpoint]) =>
      app.hasRoute({ method: endpoint.method, url: endpoint.path }),
    );
    expect(served.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [name, endpoint] of served) {
      const otherAudience = endpoint.auth === 'agent' ? borrowerToken : agentToken;
      const cases: [string, Record<string, string>, string | undefined][] = [
        ['no token, JSON that does not parse', {}, '{"malformed": ['],
        ['garbled token, a body of the wrong shape', bearer('not.a.token'), '{"unexpected":[1,2]}'],
        ['the other audience, a body of the wrong type', bearer(otherAudience), '"just a string"'],
      ];
      for (const [what, headers, body] of cases) {
        const response = await app.inject({
          method: endpoint.method,
          url: malformedUrl(endpoint),
          remoteAddress: nextAddress(),
          headers: {
            ...headers,
            ...(hasBody(endpoint) ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody(endpoint) ? { payload: body } : {}),
        });
        const answer = ZApiError.safeParse(response.json());
        if (
          response.statusCode !== 401 ||
          !answer.success ||
          answer.data.code !== 'UNAUTHENTICATED' ||
          answer.data.fieldErrors !== undefined
        ) {
          failures.push(`${name} (${what}): ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still validates a signed-in caller’s malformed request (400 with field messages)', async () => {
    const endpoint = endpoints.postRequestedOffer;
    const response = await app.inject({
      method: endpoint.method,
      url: buildPath(endpoint.path, { appUuid: '00000000-0000-4000-8000-000000000000' }),
      remoteAddress: nextAddress(),
      headers: { ...bearer(borrowerToken), 'content-type': 'application/json' },
      payload: '{"requestedAmount":"lots"}',
    });
    expect(response.statusCode).toBe(400);
    expect(ZApiError.parse(response.json()).fieldErrors).toBeDefined();
  });
});
