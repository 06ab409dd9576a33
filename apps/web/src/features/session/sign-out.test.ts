import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/token.js';
import { jsonResponse, mockFetch } from '../../test/mock-fetch.js';
import { browserNavigation } from './browser-navigation.js';
import { storeTestSession } from './session-test-utils.js';
import { signOut } from './sign-out.js';

const CUSTOMER_LOGOUT = 'POST /identity-broker/customer/secure/api/v3/logout';

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

describe('signOut', () => {
  it('removes the jwt, asks the broker to sign it out and follows its answer', async () => {
    storeTestSession();
    let tokenDuringCall: string | null = 'not called';
    const fetch = mockFetch({
      [CUSTOMER_LOGOUT]: () => {
        tokenDuringCall = getToken();
        return jsonResponse({ redirectUrl: '/auth/login' });
      },
    });
    await signOut('broker');
    expect(tokenDuringCall).toBeNull();
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer test.customer.jwt',
    );
    expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login');
  });

  it('signs an agent out at the agent audience', async () => {
    storeTestSession('agent');
    mockFetch({
      'POST /identity-broker/agent/secure/api/v3/logout': () =>
        jsonResponse({ redirectUrl: '/auth/login?audience=agent' }),
    });
    await signOut('broker');
    expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login?audience=agent');
  });

  it.each([
    ['the broker fails', () => jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503)],
    [
      'the broker answers something else',
      () => jsonResponse({ redirectUrl: 'https://evil.example' }),
    ],
  ])('goes to /auth/login when %s', async (_, answer) => {
    storeTestSession();
    mockFetch({ [CUSTOMER_LOGOUT]: answer });
    await signOut('broker');
    expect(getToken()).toBeNull();
    expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login');
  });

  it('goes to /auth/login without asking anyone when the session did not come from the broker', async () => {
    storeTestSession();
    const fetch = mockFetch({});
    await signOut('legacy');
    expect(fetch).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login');
  });
});
