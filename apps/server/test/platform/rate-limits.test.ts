/**
 * Every platform endpoint has its own per-route limit, counted per client address. Filling a
 * route's budget with cheap refused calls (no token: 401) from one address must make the next call
 * answer 429, even a valid one, while another address and another route are untouched.
 */
import { describe, expect, it } from 'vitest';
import { BANNER_READS_PER_IP_PER_MINUTE } from '../../src/routes/banners/banners.js';
import {
  OPS_BANNER_CHANGES_PER_IP_PER_MINUTE,
  OPS_BANNER_READS_PER_IP_PER_MINUTE,
} from '../../src/routes/ops/banners.js';
import {
  OPS_FLAG_CHANGES_PER_IP_PER_MINUTE,
  OPS_FLAG_READS_PER_IP_PER_MINUTE,
} from '../../src/routes/ops/flags.js';
import { FLAG_DECISIONS_PER_IP_PER_MINUTE } from '../../src/routes/optimize/decisions.js';
import {
  CONSENT_TYPE_READS_PER_IP_PER_MINUTE,
  PROFILE_READS_PER_IP_PER_MINUTE,
  PROFILE_SAVES_PER_IP_PER_MINUTE,
} from '../../src/routes/profile/profile.js';
import { agentHeaders, borrowerHeaders, newIdentity, usePlatformTestApp } from './helpers.js';

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface TLimitedRoute {
  name: string;
  method: TMethod;
  url: string;
  limit: number;
  /** Who may call it; undefined for a public route. */
  headers?: () => Record<string, string>;
  payload?: object;
  /** The status of a call within the budget: the route's own answer, not the limiter's. */
  allowedStatus: number;
}

const borrower = newIdentity();
const agent = newIdentity();
const BANNER_UUID = '00000000-0000-4000-8000-000000000000';

const ROUTES: TLimitedRoute[] = [
  {
    name: 'GET /service-profile/api/v1/profile',
    method: 'GET',
    url: '/service-profile/api/v1/profile',
    limit: PROFILE_READS_PER_IP_PER_MINUTE,
    headers: () => borrowerHeaders(borrower),
    allowedStatus: 200,
  },
  {
    name: 'PUT /service-profile/api/v1/profile',
    method: 'PUT',
    url: '/service-profile/api/v1/profile',
    limit: PROFILE_SAVES_PER_IP_PER_MINUTE,
    headers: () => borrowerHeaders(borrower),
    // Refused by validation: the limiter comes first, so it is still counted and still limited.
    payload: { name: {} },
    allowedStatus: 400,
  },
  {
    name: 'GET /service-profile/api/v1/profile/consent-types',
    method: 'GET',
    url: '/service-profile/api/v1/profile/consent-types',
    limit: CONSENT_TYPE_READS_PER_IP_PER_MINUTE,
    headers: () => borrowerHeaders(borrower),
    allowedStatus: 200,
  },
  {
    name: 'GET /banners/banners.json',
    method: 'GET',
    url: '/banners/banners.json',
    limit: BANNER_READS_PER_IP_PER_MINUTE,
    allowedStatus: 200,
  },
  {
    name: 'GET ops banners',
    method: 'GET',
    url: '/service-ops/secure/api/v1/banners',
    limit: OPS_BANNER_READS_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    allowedStatus: 200,
  },
  {
    name: 'POST ops banners',
    method: 'POST',
    url: '/service-ops/secure/api/v1/banners',
    limit: OPS_BANNER_CHANGES_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    payload: {},
    allowedStatus: 400,
  },
  {
    name: 'PUT ops banner',
    method: 'PUT',
    url: `/service-ops/secure/api/v1/banners/${BANNER_UUID}`,
    limit: OPS_BANNER_CHANGES_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    payload: {},
    allowedStatus: 400,
  },
  {
    name: 'DELETE ops banner',
    method: 'DELETE',
    url: `/service-ops/secure/api/v1/banners/${BANNER_UUID}`,
    limit: OPS_BANNER_CHANGES_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    allowedStatus: 404,
  },
  {
    name: 'GET ops flags',
    method: 'GET',
    url: '/service-ops/secure/api/v1/flags',
    limit: OPS_FLAG_READS_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    allowedStatus: 200,
  },
  {
    name: 'PUT ops flag',
    method: 'PUT',
    url: '/service-ops/secure/api/v1/flags/some-flag',
    limit: OPS_FLAG_CHANGES_PER_IP_PER_MINUTE,
    headers: () => agentHeaders(agent),
    payload: {},
    allowedStatus: 400,
  },
  {
    name: 'POST optimize decision',
    method: 'POST',
    url: '/service-optimize/crypto-backed-loan/api/v2/decision',
    limit: FLAG_DECISIONS_PER_IP_PER_MINUTE,
    payload: {},
    allowedStatus: 400,
  },
  {
    name: 'POST optimize features',
    method: 'POST',
    url: '/service-optimize/crypto-backed-loan/api/v1/features',
    limit: FLAG_DECISIONS_PER_IP_PER_MINUTE,
    payload: {},
    allowedStatus: 400,
  },
];

describe('per-route rate limits of the platform services', () => {
  const t = usePlatformTestApp();

  function call(
    route: TLimitedRoute,
    remoteAddress: string,
    options: { signedIn: boolean } = { signedIn: true },
  ) {
    const headers = options.signedIn ? route.headers?.() : undefined;
    return t.app.inject({
      method: route.method,
      url: route.url,
      remoteAddress,
      ...(headers !== undefined ? { headers } : {}),
      ...(route.payload !== undefined ? { payload: route.payload } : {}),
    });
  }

  it.each(ROUTES.map((route, index) => [route.name, route, index] as const))(
    '%s answers 429 past its limit from one address',
    async (_name, route, index) => {
      const remoteAddress = `198.51.100.${index + 1}`;
      // Secure routes are filled with unauthenticated calls: the limiter counts before the auth
      // check, which answers 401 before the body is read, so calls without a token use up the
      // address's budget too.
      const isSecure = route.headers !== undefined;
      const fillStatus = isSecure ? 401 : route.allowedStatus;
      for (let i = 0; i < route.limit; i += 1) {
        const response = await call(route, remoteAddress, { signedIn: !isSecure });
        expect(response.statusCode).toBe(fillStatus);
      }
      const limited = await call(route, remoteAddress);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      const elsewhere = await call(route, `203.0.113.${index + 1}`);
      expect(elsewhere.statusCode).toBe(route.allowedStatus);
    },
  );

  it('counts each route on its own', async () => {
    const remoteAddress = '192.0.2.10';
    const [reads, saves] = ROUTES;
    if (reads === undefined || saves === undefined) throw new Error('routes missing');
    for (let i = 0; i < saves.limit; i += 1) {
      expect((await call(saves, remoteAddress)).statusCode).toBe(saves.allowedStatus);
    }
    expect((await call(saves, remoteAddress)).statusCode).toBe(429);
    expect((await call(reads, remoteAddress)).statusCode).toBe(reads.allowedStatus);
  });
});
