import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MAX_ATTEMPTS } from '@pledge/domain';
import { callsTo, jsonResponse, mockFetch, sentBody } from '../test/mock-fetch.js';
import {
  createTelemetryClient,
  dedupeKeyOf,
  SESSION_KEY_STORAGE_KEY,
  SESSION_RETRIES_FAILED_MESSAGE,
} from './create-telemetry-client.js';

const SESSION_PATH = 'POST /ft/crypto-backed-loan/session';
const EVENT_PATH = 'POST /ft/crypto-backed-loan/event';
const SESSION_KEY = {
  uuid: '7d1f0c5e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  epoch: 1_700_000_000_000,
  trackerUuid: '0b9a6f36-8c0f-4f5e-9d55-1f2a3b4c5d6e',
};

function failure(status = 503): Response {
  return jsonResponse({ code: 'DOWN', message: 'Unavailable' }, status);
}

function bodies(fetch: ReturnType<typeof mockFetch>, key: string): Record<string, unknown>[] {
  return callsTo(fetch, key).map(([, init]) => sentBody<Record<string, unknown>>(init ?? {}));
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the tracking session', () => {
  it('is created on first need, once, and kept in sessionStorage', async () => {
    const fetch = mockFetch({ [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }) });
    const client = createTelemetryClient();
    expect(fetch).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([client.getSession(), client.getSession()]);
    expect(first).toEqual(SESSION_KEY);
    expect(second).toEqual(SESSION_KEY);
    expect(callsTo(fetch, SESSION_PATH)).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEY_STORAGE_KEY) ?? '')).toEqual(
      SESSION_KEY,
    );
    expect(bodies(fetch, SESSION_PATH)[0]).toMatchObject({
      platform: 'WEB',
      screenSize: { width: expect.any(Number), height: expect.any(Number) },
      windowSize: { width: expect.any(Number), height: expect.any(Number) },
    });
    expect(bodies(fetch, SESSION_PATH)[0]).not.toHaveProperty('sessionKey');
  });

  it('continues the session the tab already holds after a reload', async () => {
    window.sessionStorage.setItem(SESSION_KEY_STORAGE_KEY, JSON.stringify(SESSION_KEY));
    const fetch = mockFetch({ [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }) });
    await createTelemetryClient().getSession();
    expect(bodies(fetch, SESSION_PATH)[0]?.sessionKey).toEqual(SESSION_KEY);
  });

  it(`succeeds on a later attempt, up to ${SESSION_MAX_ATTEMPTS}`, async () => {
    let attempts = 0;
    mockFetch({
      [SESSION_PATH]: () => {
        attempts += 1;
        return attempts < SESSION_MAX_ATTEMPTS
          ? failure()
          : jsonResponse({ sessionKey: SESSION_KEY });
      },
    });
    await expect(createTelemetryClient().getSession()).resolves.toEqual(SESSION_KEY);
    expect(attempts).toBe(SESSION_MAX_ATTEMPTS);
  });

  it('gives up after the last attempt with the catalogue’s message, and tries again on the next need', async () => {
    const fetch = mockFetch({ [SESSION_PATH]: () => failure(502) });
    const client = createTelemetryClient();
    const error = (await client.getSession().catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(SESSION_RETRIES_FAILED_MESSAGE);
    expect(error.cause).toMatchObject({ name: 'TelemetryFetchError', message: '502', status: 502 });
    expect(callsTo(fetch, SESSION_PATH)).toHaveLength(SESSION_MAX_ATTEMPTS);
    await client.getSession().catch(() => undefined);
    expect(callsTo(fetch, SESSION_PATH)).toHaveLength(2 * SESSION_MAX_ATTEMPTS);
  });
});

describe('events', () => {
  it('sends the event payload of document 2 §3', async () => {
    const fetch = mockFetch({
      [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }),
      [EVENT_PATH]: () => new Response(null, { status: 204 }),
    });
    const client = createTelemetryClient();
    client.setIdentity('3c9d2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    await client.trackEvent({
      event: 'COLLATERAL_RECEIVED',
      eventProperties: { appUuid: 'a' },
      applicationUuid: '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a',
      pagePath: '/account/crypto-backed-loan/5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a/complete',
      search: '?org=markets&nonce=secret',
    });
    expect(bodies(fetch, EVENT_PATH)[0]).toEqual({
      domain: 'localhost',
      queryParams: { org: 'markets' },
      pagePath: '/account/crypto-backed-loan/5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a/complete',
      event: 'COLLATERAL_RECEIVED',
      sessionKey: SESSION_KEY,
      identityId: '3c9d2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      applicationUuid: '5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a',
      eventType: 'COLLATERAL_RECEIVED',
      productType: 'CRYPTO_BACKED_LOAN',
      eventProperties: { appUuid: 'a' },
      dontDedupe: false,
      dedupeProperty: null,
    });
  });

  it('sends a deduplicated event once per session, by page or by its dedupe property', async () => {
    const fetch = mockFetch({
      [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }),
      [EVENT_PATH]: () => new Response(null, { status: 204 }),
    });
    const client = createTelemetryClient();
    const qr = { event: 'QR_IMPRESSION', pagePath: '/a' };
    await client.trackEvent(qr);
    await client.trackEvent(qr);
    await client.trackEvent({ ...qr, pagePath: '/b' });
    const offer = (offerUuid: string, pagePath: string) => ({
      event: 'OFFER_SEEN',
      pagePath,
      eventProperties: { offerUuid },
      dedupeProperty: 'offerUuid',
    });
    await client.trackEvent(offer('o-1', '/a'));
    await client.trackEvent(offer('o-1', '/b'));
    await client.trackEvent(offer('o-2', '/a'));
    const sent = bodies(fetch, EVENT_PATH).map(
      (body) => `${String(body.event)} ${String(body.pagePath)}`,
    );
    expect(sent).toEqual([
      'QR_IMPRESSION /a',
      'QR_IMPRESSION /b',
      'OFFER_SEEN /a',
      'OFFER_SEEN /a',
    ]);
  });

  it('sends an event marked dontDedupe every time', async () => {
    const fetch = mockFetch({
      [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }),
      [EVENT_PATH]: () => new Response(null, { status: 204 }),
    });
    const client = createTelemetryClient();
    await client.trackEvent({ event: 'PAGE_VIEW', pagePath: '/a', dontDedupe: true });
    await client.trackEvent({ event: 'PAGE_VIEW', pagePath: '/a', dontDedupe: true });
    expect(callsTo(fetch, EVENT_PATH)).toHaveLength(2);
  });

  it('never fails the caller: a failed call is logged as a fetch error with the status', async () => {
    mockFetch({
      [SESSION_PATH]: () => jsonResponse({ sessionKey: SESSION_KEY }),
      [EVENT_PATH]: () => failure(500),
    });
    const client = createTelemetryClient();
    await expect(
      client.trackEvent({ event: 'PAGE_VIEW', pagePath: '/a' }),
    ).resolves.toBeUndefined();
    expect(console.debug).toHaveBeenCalledWith('Telemetry: TelemetryFetchError: 500 (Unavailable)');
  });

  it('never fails the caller when no session can be had', async () => {
    const fetch = mockFetch({ [SESSION_PATH]: () => failure() });
    await expect(
      createTelemetryClient().trackEvent({ event: 'PAGE_VIEW', pagePath: '/a' }),
    ).resolves.toBeUndefined();
    expect(callsTo(fetch, EVENT_PATH)).toHaveLength(0);
    expect(console.debug).toHaveBeenCalledWith(
      expect.stringContaining(SESSION_RETRIES_FAILED_MESSAGE),
    );
  });
});

describe('dedupeKeyOf', () => {
  const base = {
    event: 'E',
    pagePath: '/p',
    eventProperties: { step: 1 },
    dontDedupe: false,
    dedupeProperty: null,
  };
  it.each([
    ['the page when no property is named', base, dedupeKeyOf({ ...base, eventProperties: {} })],
    [
      'the page when the named property is absent',
      { ...base, dedupeProperty: 'absent' },
      dedupeKeyOf(base),
    ],
  ])('uses %s', (_, event, expected) => {
    expect(dedupeKeyOf(event)).toBe(expected);
  });

  it('tells a number from its text, and is null for dontDedupe', () => {
    const byStep = { ...base, dedupeProperty: 'step' };
    expect(dedupeKeyOf(byStep)).not.toBe(
      dedupeKeyOf({ ...byStep, eventProperties: { step: '1' } }),
    );
    expect(dedupeKeyOf({ ...base, dontDedupe: true })).toBeNull();
  });
});
