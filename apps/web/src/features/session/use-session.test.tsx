import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { getIdentity, LEGACY_WALLET_HEADERS } from '@pledge/contract';
import { AppProvider } from '../../app/provider.js';
import { createQueryClient } from '../../app/query-client.js';
import { makeBrand } from '../../test/fixtures.js';
import { jsonResponse, mockFetch } from '../../test/mock-fetch.js';
import { getToken } from '../../api/token.js';
import { USER_NOT_FOUND_MESSAGE } from './api/look-up-identity.js';
import { isBrokerKnown } from './session-storage.js';
import { figureInfoHandlers, makeIdentity, storeTestSession } from './session-test-utils.js';
import { useSession } from './use-session.js';

const CUSTOMER_INFO = '/identity-broker/customer/secure/api/v3/self/figureinfo';
const LEGACY = {
  uuid: '3c9d2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  aliases: [
    { type: 'Phone', value: '+15555550123' },
    { type: 'Email', value: 'legacy@example.com' },
  ],
  passwordExpired: false,
  twoFactorEnabled: false,
  totpVerified: false,
  updatedDate: '2024-11-02T08:00:00.000Z',
};

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProvider brand={makeBrand({ orgCode: 'partner' })} queryClient={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProvider>
  );
}

describe('useSession', () => {
  it('is signed out without a token, and asks nobody', () => {
    const fetch = mockFetch({});
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('signed-out');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads the identity from the broker and remembers that the broker knows this browser', async () => {
    storeTestSession();
    const identity = makeIdentity({ email: 'grace@example.com' });
    const fetch = mockFetch(figureInfoHandlers(identity));
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current).toMatchObject({ identity, source: 'broker', audience: 'customer' });
    expect(isBrokerKnown('customer')).toBe(true);
    const headers = new Headers(fetch.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer test.customer.jwt');
    expect(headers.get('application-name')).toBe('crypto-backed-loan');
  });

  it('falls back to the legacy identity, with the wallet from its headers', async () => {
    storeTestSession();
    mockFetch({
      [`GET ${CUSTOMER_INFO}`]: () => jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503),
      [`GET ${getIdentity.path}`]: () =>
        new Response(JSON.stringify(LEGACY), {
          headers: {
            'Content-Type': 'application/json',
            [LEGACY_WALLET_HEADERS.accountAddress]: 'pb1account',
            [LEGACY_WALLET_HEADERS.groupPolicyAddress]: 'pb1policy',
          },
        }),
    });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current).toMatchObject({
      source: 'legacy',
      identity: {
        uuid: LEGACY.uuid,
        email: 'legacy@example.com',
        organizationCode: 'partner',
        profileType: 'customer',
        wallet: { accountAddress: 'pb1account', groupPolicyAddress: 'pb1policy' },
      },
    });
  });

  it("says 'User not found' when neither the broker nor the legacy service knows the token", async () => {
    storeTestSession();
    mockFetch({
      [`GET ${CUSTOMER_INFO}`]: () => jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503),
      [`GET ${getIdentity.path}`]: () =>
        jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503),
    });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.status === 'error' && result.current.error.message).toBe(
      USER_NOT_FOUND_MESSAGE,
    );
  });

  it.each([
    [401, 'Unauthenticated'],
    [403, 'Unauthenticated'],
  ])('on %i "%s" clears the token and is signed out', async (status, message) => {
    storeTestSession();
    mockFetch({ [`GET ${CUSTOMER_INFO}`]: () => jsonResponse({ code: 'X', message }, status) });
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signed-out'));
    expect(getToken()).toBeNull();
  });

  it('counts an agent token as signed out for the customer, without losing it', () => {
    storeTestSession('agent');
    const fetch = mockFetch({});
    const { result } = renderHook(() => useSession('customer'), { wrapper });
    expect(result.current.status).toBe('signed-out');
    expect(fetch).not.toHaveBeenCalled();
    expect(getToken()).toBe('test.agent.jwt');
  });

  it('reads an agent from the agent audience of the broker', async () => {
    storeTestSession('agent');
    mockFetch(figureInfoHandlers(makeIdentity({ email: 'agent@example.com' }), 'agent'));
    const { result } = renderHook(() => useSession('agent'), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('signed-in'));
    expect(result.current.status === 'signed-in' && result.current.identity.email).toBe(
      'agent@example.com',
    );
  });
});
