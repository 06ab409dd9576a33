/**
 * API answers carry personal data (profiles, applications, tokens): every one of them says
 * `Cache-Control: no-store`, whatever its status; only public files that are cacheable on purpose
 * (brand logos, hashed web assets) say otherwise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPath, endpoints, type TEndpoint } from '@pledge/contract';
import {
  createdApplication,
  newBorrower,
  useApplicationsTestContext,
} from '../applications/helpers.js';
import { bearer, brokerPath, latestCode, NONCE, signIn } from '../identity/sign-in.js';
import { seedSandboxIdentities } from '../helpers/seeded-db.js';

function expectNoStore(response: { headers: Record<string, unknown> }, what: string) {
  expect(String(response.headers['cache-control']), what).toMatch(/(^|,\s*)no-store(\s*,|$)/);
}

describe('Cache-Control: no-store', () => {
  const ctx = useApplicationsTestContext();
  let borrower: { token: string; identityUuid: string };
  let agentToken: string;
  let appUuid: string;

  beforeAll(async () => {
    await seedSandboxIdentities(ctx.database.db);
    borrower = await newBorrower(ctx.app);
    agentToken = await signIn(ctx.app, 'agent@example.com', { audience: 'agent' });
    appUuid = (await createdApplication(ctx.app, borrower.token)).appUuid;
  });

  it('is on the token the code is traded for', async () => {
    const email = 'no-store-token@example.com';
    const started = await ctx.app.inject({
      method: 'POST',
      url: brokerPath('customer', '/api/v3/otp/start'),
      payload: { email },
    });
    expectNoStore(started, 'otp/start');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: brokerPath('customer', '/api/v3/otp/verify'),
      payload: { email, code: await latestCode(ctx.app, email), nonce: NONCE },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ jwt: expect.any(String) });
    expectNoStore(verified, 'otp/verify');
    const legacy = await ctx.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: 'legacy@example.com', password: 'pass_good' },
    });
    expect(legacy.statusCode).toBe(200);
    expectNoStore(legacy, 'legacy login');
  });

  it('is on the profile and on the ops detail of an application', async () => {
    const profile = await ctx.app.inject({
      method: 'GET',
      url: endpoints.getProfile.path,
      headers: bearer(borrower.token),
    });
    expect(profile.statusCode).toBe(200);
    expectNoStore(profile, 'profile');
    const detail = await ctx.app.inject({
      method: 'GET',
      url: buildPath(endpoints.getOpsApplication.path, { appUuid }),
      headers: bearer(agentToken),
    });
    expect(detail.statusCode).toBe(200);
    expectNoStore(detail, 'ops detail');
  });

  it('is on every answer of every secure route and sign-in route of the contract', async () => {
    const routes = Object.entries(endpoints as Record<string, TEndpoint>).filter(
      ([, endpoint]) => endpoint.auth !== 'none' || endpoint.path.startsWith('/identity'),
    );
    expect(routes.length).toBeGreaterThan(50);
    const params: Record<string, string> = {
      appUuid,
      uuid: appUuid,
      id: appUuid,
      identityUuid: borrower.identityUuid,
      docUuid: appUuid,
      documentUuid: appUuid,
    };
    for (const [name, endpoint] of routes) {
      const values = Object.fromEntries(
        [...endpoint.path.matchAll(/:([A-Za-z]\w*)/g)].map(([, key]) => [
          key ?? '',
          params[key ?? ''] ?? appUuid,
        ]),
      );
      const token = endpoint.auth === 'agent' ? agentToken : borrower.token;
      for (const headers of [bearer(token), {}]) {
        const response = await ctx.app.inject({
          method: endpoint.method,
          url: buildPath(endpoint.path, values),
          headers,
          ...(endpoint.body !== undefined ? { payload: {} } : {}),
        });
        expectNoStore(response, `${name} ${response.statusCode}`);
      }
    }
  });

  it('is on errors and unknown paths too', async () => {
    // The last one fails before routing (an undecodable URL).
    for (const url of ['/service-cryptopl-leap/secure/api/v1/nothing', '/nope', '/x/%E0%A4%A']) {
      expectNoStore(await ctx.app.inject({ method: 'GET', url }), url);
    }
  });

  it('leaves the public brand logos cacheable', async () => {
    const logo = await ctx.app.inject({ method: 'GET', url: '/brands/default/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
  });
});
