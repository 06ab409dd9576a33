import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_EXPERIMENT_KEYS } from '@pledge/domain';
import { createQueryClient } from '../../app/query-client.js';
import { DECISION_PATH, flagDecisions, TEST_TRACKER_UUID } from '../../flags/flag-test-data.js';
import { createTelemetryClient } from '../../telemetry/create-telemetry-client.js';
import { bodySentTo, jsonResponse, mockFetch } from '../../test/mock-fetch.js';
import { browserNavigation } from './browser-navigation.js';
import { readPendingSignIn, rememberBrokerKnown } from './session-storage.js';
import { beginSignIn, createNonce, resolveSignInMode } from './start-sign-in.js';

function decisionMock(flagEnabled: boolean | 'fail') {
  if (flagEnabled !== 'fail') return mockFetch(flagDecisions(() => flagEnabled));
  return mockFetch({
    ...flagDecisions(() => false),
    [DECISION_PATH]: () => jsonResponse({ code: 'X', message: 'down' }, 503),
  });
}

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('resolveSignInMode', () => {
  const resolve = (search: string, audience: 'customer' | 'agent' = 'customer') =>
    resolveSignInMode({ audience, search, orgCode: 'partner', queryClient: createQueryClient() });

  it('uses the legacy sign-in when nothing chooses the broker', async () => {
    decisionMock(false);
    await expect(resolve('')).resolves.toBe('legacy');
  });

  it('uses the broker when the experiment flag of the audience is on', async () => {
    const fetch = decisionMock(true);
    await expect(resolve('', 'agent')).resolves.toBe('broker');
    expect(bodySentTo(fetch, DECISION_PATH)).toEqual({
      experimentKey: SIGN_IN_EXPERIMENT_KEYS.agent,
      ignoreIdentify: true,
      optimizeUser: { attributes: { organization: 'partner', trackerId: TEST_TRACKER_UUID } },
    });
  });

  it('treats a flag that cannot be decided as off', async () => {
    decisionMock('fail');
    await expect(resolve('')).resolves.toBe('legacy');
  });

  it('uses the broker once a broker lookup succeeded in this browser, without asking the flag', async () => {
    const fetch = decisionMock(false);
    rememberBrokerKnown('customer');
    await expect(resolve('')).resolves.toBe('broker');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('follows ?signInMode=broker and lets ?signInMode=legacy win over everything', async () => {
    decisionMock(true);
    rememberBrokerKnown('customer');
    await expect(resolve('?signInMode=legacy')).resolves.toBe('legacy');
    window.localStorage.clear();
    decisionMock(false);
    await expect(resolve('?signInMode=broker')).resolves.toBe('broker');
  });
});

describe('beginSignIn', () => {
  it('posts to the broker login with the return path, a nonce and the tracker, and keeps both', async () => {
    decisionMock(false);
    await beginSignIn({ audience: 'customer', returnPath: '/dashboard?view=all', mode: 'broker' });
    const pending = readPendingSignIn();
    expect(pending).toMatchObject({ audience: 'customer', returnPath: '/dashboard?view=all' });
    expect(pending?.nonce).toMatch(/^[0-9a-f]{32}$/);
    const [action] = vi.mocked(browserNavigation.postAndFollow).mock.calls[0] ?? [];
    const url = new URL(String(action), 'http://localhost');
    expect(url.pathname).toBe('/identity-broker/customer/api/v3/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirectUrl: '/dashboard?view=all',
      nonce: pending?.nonce,
      telemetryTrackingId: TEST_TRACKER_UUID,
    });
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('logs and rethrows a broker login that cannot start', async () => {
    decisionMock(false);
    const failure = new Error('The sign-in could not start (status 429)');
    vi.mocked(browserNavigation.postAndFollow).mockRejectedValue(failure);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      beginSignIn({ audience: 'customer', returnPath: '/dashboard', mode: 'broker' }),
    ).rejects.toBe(failure);
    expect(logged).toHaveBeenCalledWith('The broker sign-in could not start', failure);
  });

  it('starts the broker login without a tracker when tracking is down', async () => {
    mockFetch({});
    await beginSignIn({
      audience: 'agent',
      returnPath: '/ops',
      mode: 'broker',
      telemetryClient: createTelemetryClient(),
    });
    const [action] = vi.mocked(browserNavigation.postAndFollow).mock.calls[0] ?? [];
    const url = new URL(String(action), 'http://localhost');
    expect(url.pathname).toBe('/identity-broker/agent/api/v3/login');
    expect(url.searchParams.has('telemetryTrackingId')).toBe(false);
  });

  it('goes to the legacy sign-in page with the return path (and the forced mode)', async () => {
    await beginSignIn({
      audience: 'customer',
      returnPath: '/account/crypto-backed-loan/start?state=OH',
      mode: 'legacy',
      forcedMode: 'legacy',
    });
    expect(browserNavigation.assign).toHaveBeenCalledWith(
      '/auth/login?redirectUrl=%2Faccount%2Fcrypto-backed-loan%2Fstart%3Fstate%3DOH&signInMode=legacy',
    );
    expect(readPendingSignIn()?.returnPath).toBe('/account/crypto-backed-loan/start?state=OH');
  });

  it('returns to the landing page instead of a path the rule refuses', async () => {
    await beginSignIn({ audience: 'customer', returnPath: 'https://evil.example', mode: 'legacy' });
    expect(browserNavigation.assign).toHaveBeenCalledWith(
      '/auth/login?redirectUrl=%2Faccount%2Fcrypto-backed-loan',
    );
  });
});

describe('createNonce', () => {
  it('is 32 hex digits, new every time', () => {
    const nonces = new Set(Array.from({ length: 20 }, createNonce));
    expect(nonces.size).toBe(20);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
