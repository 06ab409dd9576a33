import { QueryClient } from '@tanstack/react-query';
import { getApplication, getProfile } from '@pledge/contract';
import { endpointUrl } from '../api/endpoint-url.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_APP_UUID } from '../features/application/application-test-data.js';
import { lookUpIdentity } from '../features/session/api/look-up-identity.js';
import { writeTokenAudience } from '../features/session/session-storage.js';
import { paths } from '../config/paths.js';
import type { TEarlyCall } from '../api/early-calls.js';
import { TOKEN_STORAGE_KEY } from '../api/token.js';
import { mockFetch } from '../test/mock-fetch.js';
import { earlyCallsAt, sessionCheckCall } from './early-calls.js';
import { prefetchRoute } from './route-prefetch.js';
import { routes } from './router.js';

/** A sent call as an early call names it: its address, cache mode and headers besides the two. */
function asEarlyCall([input, init]: [RequestInfo | URL, RequestInit?]): TEarlyCall {
  const headers = Object.fromEntries(
    [...new Headers(init?.headers).entries()].filter(
      ([name]) => name !== 'accept' && name !== 'authorization',
    ),
  );
  return {
    url: String(input),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(init?.cache === undefined ? {} : { cache: init.cache }),
  };
}

const byUrl = (a: TEarlyCall, b: TEarlyCall) => a.url.localeCompare(b.url);

afterEach(() => {
  window.localStorage.clear();
});

describe('earlyCallsAt', () => {
  it.each([
    ['an application page', paths.application.details.getHref(TEST_APP_UUID), 'customer'],
    ['a loan', paths.loan.getHref(TEST_APP_UUID), 'customer'],
    ['the dashboard', paths.dashboard.getHref(), 'customer'],
    ['an application in the console', paths.opsApplication.getHref(TEST_APP_UUID), 'agent'],
    ['a loan in the console', paths.opsLoan.getHref(TEST_APP_UUID), 'agent'],
  ] as const)(
    'names for %s the calls its screen’s prefetch makes, as it makes them',
    async (_page, pathname, audience) => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
      writeTokenAudience(audience);
      const fetchMock = mockFetch({});
      const plan = earlyCallsAt(pathname);
      expect(plan?.audience).toBe(audience);
      const [sessionCheck, ...routeCalls] = plan?.calls ?? [];
      expect(sessionCheck).toEqual(sessionCheckCall(audience));
      expect(routeCalls.length).toBeGreaterThan(0);
      prefetchRoute(routes, pathname, new QueryClient());
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(routeCalls.length));
      // Nothing more comes once they are in.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const sent = fetchMock.mock.calls.map((call) => asEarlyCall(call));
      expect(sent.sort(byUrl)).toEqual([...routeCalls].sort(byUrl));
    },
  );

  it.each(['customer', 'agent'] as const)(
    'names the %s session check as the session query makes it',
    async (audience) => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
      const fetchMock = mockFetch({});
      await lookUpIdentity(audience, 'default').catch(() => undefined);
      const [first] = fetchMock.mock.calls;
      expect(first).toBeDefined();
      if (first !== undefined) expect(asEarlyCall(first)).toEqual(sessionCheckCall(audience));
    },
  );

  it('names only the session check on a signed-in page whose screen prefetches nothing', () => {
    expect(earlyCallsAt(paths.opsLoans.getHref())).toEqual({
      audience: 'agent',
      calls: [sessionCheckCall('agent')],
    });
  });

  it('names nothing on a page anyone may see, nor data for an address that is no uuid', () => {
    expect(earlyCallsAt(paths.start.getHref())).toBeNull();
    expect(earlyCallsAt(paths.privacy.getHref())).toBeNull();
    expect(earlyCallsAt(paths.loan.getHref('not-a-uuid'))?.calls).toEqual([
      sessionCheckCall('customer'),
    ]);
  });

  it('names for the details page its application and the profile its form waits for', () => {
    expect(earlyCallsAt(paths.application.details.getHref(TEST_APP_UUID))?.calls).toEqual([
      sessionCheckCall('customer'),
      { url: endpointUrl(getApplication, { appUuid: TEST_APP_UUID }) },
      { url: endpointUrl(getProfile) },
    ]);
  });

  it('answers JSON the server can put in an attribute', () => {
    const plan = earlyCallsAt(paths.dashboard.getHref());
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });
});
