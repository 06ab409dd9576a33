import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './client.js';
import {
  closeEarlyCalls,
  EARLY_CALL_FRESH_MS,
  EARLY_CALLS_GLOBAL,
  takeEarlyCall,
  type TCallToSend,
  type TStartedEarlyCall,
} from './early-calls.js';
import { jsonResponse } from '../test/mock-fetch.js';
import { getAgentThing, postPublicThing, postSecureThing, THING } from '../test/thing-endpoints.js';
import { TOKEN_STORAGE_KEY } from './token.js';
// The script the server puts in a signed-in page, as the browser gets it.
import EARLY_SCRIPT from '../../public/early-calls.js?raw';

const fetchMock = vi.fn<typeof fetch>();

/** Runs the early script as the page would, its data attributes as the server writes them. */
function runEarlyScript(audience: string, calls: unknown): void {
  const script = document.createElement('script');
  script.dataset.audience = audience;
  script.dataset.calls = JSON.stringify(calls);
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    new Function(EARLY_SCRIPT)();
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
  }
}

function started(): TStartedEarlyCall[] {
  return window[EARLY_CALLS_GLOBAL] ?? [];
}

function callToSend(overrides: Partial<TCallToSend> = {}): TCallToSend {
  return {
    url: '/service/secure/things/1',
    token: 'jwt-1',
    headers: new Headers({ Accept: 'application/json', Authorization: 'Bearer jwt-1' }),
    ...overrides,
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  window.localStorage.clear();
  delete window[EARLY_CALLS_GLOBAL];
});

describe('early-calls.js', () => {
  it('sends each named call with the stored token, as the app would', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    fetchMock.mockResolvedValue(jsonResponse(THING));
    runEarlyScript('customer', [
      { url: '/identity/self', headers: { 'application-name': 'crypto-backed-loan' } },
      { url: '/service/secure/things/1', cache: 'no-store' },
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/identity/self',
      '/service/secure/things/1',
    ]);
    const [, first] = fetchMock.mock.calls[0] ?? [];
    expect(first).toMatchObject({
      credentials: 'include',
      headers: {
        'application-name': 'crypto-backed-loan',
        Accept: 'application/json',
        Authorization: 'Bearer jwt-1',
      },
    });
    expect(first).not.toHaveProperty('cache');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ cache: 'no-store' });
    expect(started().map((call) => [call.url, call.token])).toEqual([
      ['/identity/self', 'jwt-1'],
      ['/service/secure/things/1', 'jwt-1'],
    ]);
  });

  it('sends nothing without a token, or with a token of the other audience', () => {
    runEarlyScript('customer', [{ url: '/identity/self' }]);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'agent-jwt');
    window.localStorage.setItem('pledge.jwt.audience', 'agent');
    runEarlyScript('customer', [{ url: '/identity/self' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(started()).toEqual([]);
  });

  it('takes a token without an audience for a customer’s, as the app does', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    fetchMock.mockResolvedValue(jsonResponse({}));
    runEarlyScript('agent', [{ url: '/ops/self' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    runEarlyScript('customer', [{ url: '/identity/self' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never sends the token anywhere but this site', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    fetchMock.mockResolvedValue(jsonResponse({}));
    runEarlyScript('customer', [
      { url: 'https://elsewhere.example/steal' },
      { url: '//elsewhere.example/steal' },
      { url: 42 },
      null,
      { url: '/identity/self' },
    ]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/identity/self']);
  });

  it('starts nothing once the app has started: the app asks for itself', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    closeEarlyCalls();
    runEarlyScript('customer', [{ url: '/identity/self' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(started()).toEqual([]);
  });

  it('leaves the calls it started to the app as it starts', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    fetchMock.mockResolvedValue(jsonResponse({}));
    runEarlyScript('customer', [{ url: '/identity/self' }]);
    closeEarlyCalls();
    expect(started().map((call) => call.url)).toEqual(['/identity/self']);
  });

  it('does nothing with data attributes that are not a list of calls', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
    runEarlyScript('customer', { url: '/identity/self' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('takeEarlyCall', () => {
  const answer = Promise.resolve(jsonResponse(THING));

  function startOne(overrides: Partial<TStartedEarlyCall> = {}): void {
    window[EARLY_CALLS_GLOBAL] = [
      {
        url: '/service/secure/things/1',
        token: 'jwt-1',
        startedAt: 1_000,
        response: answer,
        ...overrides,
      },
    ];
  }

  it('gives the same request its answer, once', () => {
    startOne();
    expect(takeEarlyCall(callToSend(), 1_000 + EARLY_CALL_FRESH_MS)).toBe(answer);
    expect(takeEarlyCall(callToSend(), 1_001)).toBeUndefined();
  });

  it.each<[string, Partial<TStartedEarlyCall>, Partial<TCallToSend>]>([
    ['another address', {}, { url: '/service/secure/things/2' }],
    ['another token', {}, { token: 'jwt-2' }],
    ['another cache mode', { cache: 'no-store' }, {}],
    [
      'a header the early call did not send',
      {},
      {
        headers: new Headers({
          Accept: 'application/json',
          Authorization: 'Bearer jwt-1',
          'application-name': 'x',
        }),
      },
    ],
    ['another header value', { headers: { 'application-name': 'y' } }, {}],
    [
      'another Accept',
      {},
      { headers: new Headers({ Accept: '*/*', Authorization: 'Bearer jwt-1' }) },
    ],
  ])('leaves it for %s', (_case, early, call) => {
    startOne(early);
    expect(takeEarlyCall(callToSend(call), 1_000)).toBeUndefined();
    expect(started()).toHaveLength(1);
  });

  it('leaves a call started too long ago', () => {
    startOne();
    expect(takeEarlyCall(callToSend(), 1_001 + EARLY_CALL_FRESH_MS)).toBeUndefined();
  });

  it('matches the headers and cache mode the app sends', () => {
    startOne({ headers: { 'application-name': 'crypto-backed-loan' }, cache: 'no-store' });
    const headers = new Headers({ Accept: 'application/json', Authorization: 'Bearer jwt-1' });
    headers.set('Application-Name', 'crypto-backed-loan');
    expect(takeEarlyCall(callToSend({ headers, cache: 'no-store' }), 1_000)).toBe(answer);
  });
});

describe('apiRequest with a call started early', () => {
  const EARLY = { ...THING, amount: 1 };
  const FETCHED = { ...THING, amount: 2 };

  function startCall(response: Promise<Response>): void {
    window[EARLY_CALLS_GLOBAL] = [
      { url: getAgentThing.path, token: 'jwt-1', startedAt: Date.now(), response },
    ];
  }

  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-1');
  });

  it('takes its answer instead of asking again, then asks as usual', async () => {
    startCall(Promise.resolve(jsonResponse(EARLY)));
    fetchMock.mockResolvedValue(jsonResponse(FETCHED));
    await expect(apiRequest(getAgentThing)).resolves.toEqual(EARLY);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(apiRequest(getAgentThing)).resolves.toEqual(FETCHED);
  });

  it('checks its answer against the contract as any other', async () => {
    startCall(Promise.resolve(jsonResponse({ wrong: true })));
    await expect(apiRequest(getAgentThing)).rejects.toMatchObject({
      status: 200,
    });
  });

  it('asks again when the early call got no answer', async () => {
    startCall(Promise.reject(new TypeError('Failed to fetch')));
    fetchMock.mockResolvedValue(jsonResponse(FETCHED));
    await expect(apiRequest(getAgentThing)).resolves.toEqual(FETCHED);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is abandoned when the call is aborted, as a fetch is', async () => {
    startCall(new Promise<Response>(() => {}));
    const controller = new AbortController();
    const request = apiRequest(getAgentThing, { signal: controller.signal });
    controller.abort(new DOMException('Left the page', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is too old once the app has changed something', async () => {
    startCall(Promise.resolve(jsonResponse(EARLY)));
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(FETCHED)));
    await apiRequest(postSecureThing, { body: { amount: 3 } });
    await expect(apiRequest(getAgentThing)).resolves.toEqual(FETCHED);
  });

  it('stays worth taking after a public write (telemetry, a sign-in’s first step)', async () => {
    startCall(Promise.resolve(jsonResponse(EARLY)));
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(FETCHED)));
    await apiRequest(postPublicThing, { body: { amount: 3 } });
    await expect(apiRequest(getAgentThing)).resolves.toEqual(EARLY);
  });

  it('is too old once the app has asked for its address itself', async () => {
    window[EARLY_CALLS_GLOBAL] = [
      {
        url: getAgentThing.path,
        token: 'jwt-1',
        startedAt: Date.now(),
        cache: 'no-store',
        response: Promise.resolve(jsonResponse(EARLY)),
      },
    ];
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(FETCHED)));
    // Another cache mode: not the same request, sent, and the early answer is now the older one.
    await apiRequest(getAgentThing);
    await expect(apiRequest(getAgentThing, { cache: 'no-store' })).resolves.toEqual(FETCHED);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a call with another token', async () => {
    startCall(Promise.resolve(jsonResponse(EARLY)));
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'jwt-2');
    fetchMock.mockResolvedValue(jsonResponse(FETCHED));
    await expect(apiRequest(getAgentThing)).resolves.toEqual(FETCHED);
  });
});
