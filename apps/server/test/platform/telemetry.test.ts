import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TPostTelemetryEventBody, TSessionKey } from '@pledge/contract';
import { telemetryEvents, telemetrySessions } from '../../src/db/schema/index.js';
import {
  TELEMETRY_EVENTS_PER_IP_PER_MINUTE,
  TELEMETRY_SESSIONS_PER_IP_PER_MINUTE,
} from '../../src/routes/telemetry/tracking.js';
import { EVENT_PROPERTIES_MAX_BYTES } from '../../src/services/telemetry/record-event.js';
import {
  borrowerHeaders,
  newIdentity,
  usePlatformTestApp,
  WEB_TELEMETRY_SESSION,
} from './helpers.js';

const SESSION_URL = '/ft/crypto-backed-loan/session';
const EVENT_URL = '/ft/crypto-backed-loan/event';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sessionBody = WEB_TELEMETRY_SESSION;

describe('telemetry', () => {
  const t = usePlatformTestApp();

  async function openSession(
    options: { headers?: Record<string, string>; body?: object; remoteAddress?: string } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: SESSION_URL,
      payload: options.body ?? sessionBody,
      ...(options.headers !== undefined ? { headers: options.headers } : {}),
      ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  async function newSessionKey(): Promise<TSessionKey> {
    const response = await openSession();
    expect(response.statusCode).toBe(200);
    return (response.json() as { sessionKey: TSessionKey }).sessionKey;
  }

  function eventBody(
    sessionKey: TSessionKey,
    overrides: Partial<TPostTelemetryEventBody> = {},
  ): TPostTelemetryEventBody {
    return {
      domain: 'loans.example.com',
      queryParams: { utm_source: 'newsletter' },
      pagePath: '/account/crypto-backed-loan/start',
      event: 'PAGE_VIEW',
      sessionKey,
      identityId: null,
      applicationUuid: null,
      eventType: 'PAGE_VIEW',
      productType: 'CRYPTO_BACKED_LOAN',
      eventProperties: { step: 'start' },
      dontDedupe: false,
      dedupeProperty: null,
      ...overrides,
    };
  }

  async function sendEvent(body: object, headers?: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: EVENT_URL,
      payload: body,
      ...(headers !== undefined ? { headers } : {}),
    });
  }

  async function storedEvents(sessionKey: TSessionKey) {
    return t.database.db
      .select()
      .from(telemetryEvents)
      .where(eq(telemetryEvents.sessionUuid, sessionKey.uuid));
  }

  describe('POST /ft/:context/session', () => {
    it('opens a session and answers its key', async () => {
      const before = Date.now();
      const response = await openSession();
      expect(response.statusCode).toBe(200);
      const { sessionKey } = response.json() as { sessionKey: TSessionKey };
      expect(sessionKey.uuid).toMatch(UUID);
      expect(sessionKey.trackerUuid).toMatch(UUID);
      expect(sessionKey.epoch).toBeGreaterThanOrEqual(before);
      expect(sessionKey.epoch).toBeLessThanOrEqual(Date.now());

      const [row] = await t.database.db
        .select()
        .from(telemetrySessions)
        .where(eq(telemetrySessions.uuid, sessionKey.uuid));
      expect(row).toMatchObject({
        trackerUuid: sessionKey.trackerUuid,
        epochMs: sessionKey.epoch,
        context: 'crypto-backed-loan',
        platform: 'WEB',
        libraryVersion: '3.2.1',
        appVersion: '2025.1.0',
        referrer: 'https://www.example.com/loans',
        screenWidth: 1920,
        screenHeight: 1080,
        windowWidth: 1280,
        windowHeight: 720,
        identityUuid: null,
      });
    });

    it('records the identity of a valid token, and ignores an invalid one', async () => {
      const identity = newIdentity();
      const signedIn = await openSession({ headers: borrowerHeaders(identity) });
      const invalid = await openSession({ headers: { authorization: 'Bearer forged' } });
      expect(signedIn.statusCode).toBe(200);
      expect(invalid.statusCode).toBe(200);
      const rows = await t.database.db.select().from(telemetrySessions);
      const byUuid = new Map(rows.map((row) => [row.uuid, row.identityUuid]));
      expect(byUuid.get(signedIn.json().sessionKey.uuid)).toBe(identity);
      expect(byUuid.get(invalid.json().sessionKey.uuid)).toBeNull();
    });

    it('continues a session the browser holds', async () => {
      const sessionKey = await newSessionKey();
      const again = await openSession({ body: { ...sessionBody, sessionKey } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ sessionKey });
    });

    it('opens a new session for an unknown key, keeping the browser’s tracker', async () => {
      const held = await newSessionKey();
      const forged = { ...held, uuid: newIdentity() };
      const response = await openSession({ body: { ...sessionBody, sessionKey: forged } });
      expect(response.statusCode).toBe(200);
      const { sessionKey } = response.json() as { sessionKey: TSessionKey };
      expect(sessionKey.uuid).not.toBe(forged.uuid);
      expect(sessionKey.uuid).not.toBe(held.uuid);
      expect(sessionKey.trackerUuid).toBe(held.trackerUuid);
    });

    it.each([
      ['another platform', { ...sessionBody, platform: 'IOS' }, 'platform'],
      ['no screen size', { ...sessionBody, screenSize: undefined }, 'screenSize'],
      [
        'a negative width',
        { ...sessionBody, windowSize: { width: -1, height: 5 } },
        'windowSize.width',
      ],
      ['an empty app version', { ...sessionBody, appVersion: '' }, 'appVersion'],
    ])('refuses %s with field messages', async (_name, body, field) => {
      const response = await openSession({ body });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });

    it('refuses a context that is not an app name', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/ft/NOT%20AN%20APP/session',
        payload: sessionBody,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('context');
    });
  });

  describe('POST /ft/:context/event', () => {
    it('stores an event of a known session', async () => {
      const sessionKey = await newSessionKey();
      const application = newIdentity();
      const response = await sendEvent(
        eventBody(sessionKey, { applicationUuid: application, eventProperties: { step: 'offer' } }),
      );
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const [row, ...rest] = await storedEvents(sessionKey);
      expect(rest).toEqual([]);
      expect(row).toMatchObject({
        context: 'crypto-backed-loan',
        event: 'PAGE_VIEW',
        eventType: 'PAGE_VIEW',
        productType: 'CRYPTO_BACKED_LOAN',
        domain: 'loans.example.com',
        pagePath: '/account/crypto-backed-loan/start',
        queryParams: { utm_source: 'newsletter' },
        eventProperties: { step: 'offer' },
        applicationUuid: application,
        identityUuid: null,
      });
    });

    it('records the identity of the token, never the one the browser claims', async () => {
      const sessionKey = await newSessionKey();
      const identity = newIdentity();
      const claimed = newIdentity();
      const signedIn = await sendEvent(
        eventBody(sessionKey, { event: 'SIGNED_IN', identityId: claimed }),
        borrowerHeaders(identity),
      );
      const anonymous = await sendEvent(
        eventBody(sessionKey, { event: 'CLAIMED', identityId: claimed }),
      );
      expect(signedIn.statusCode).toBe(204);
      expect(anonymous.statusCode).toBe(204);
      const rows = await storedEvents(sessionKey);
      const byEvent = new Map(rows.map((row) => [row.event, row.identityUuid]));
      expect(byEvent.get('SIGNED_IN')).toBe(identity);
      expect(byEvent.get('CLAIMED')).toBeNull();
    });

    it('stores a repeated event once per page', async () => {
      const sessionKey = await newSessionKey();
      const first = eventBody(sessionKey);
      for (const body of [first, first, { ...first, eventProperties: { step: 'other' } }]) {
        expect((await sendEvent(body)).statusCode).toBe(204);
      }
      expect(await storedEvents(sessionKey)).toHaveLength(1);

      await sendEvent({ ...first, pagePath: '/account/crypto-backed-loan/residency' });
      await sendEvent({ ...first, event: 'OFFER_VIEWED' });
      expect(await storedEvents(sessionKey)).toHaveLength(3);
    });

    it('dedupes on the named property instead of the page when given', async () => {
      const sessionKey = await newSessionKey();
      const base = eventBody(sessionKey, { event: 'OFFER_SELECTED', dedupeProperty: 'offerUuid' });
      const offer = (offerUuid: string | number) => ({ ...base, eventProperties: { offerUuid } });
      for (const body of [offer('a'), offer('a'), offer('b'), offer(1), offer('1')]) {
        expect((await sendEvent(body)).statusCode).toBe(204);
      }
      const values = (await storedEvents(sessionKey)).map((row) => row.eventProperties.offerUuid);
      expect(values.sort()).toEqual([1, '1', 'a', 'b'].sort());
    });

    it('stores every copy when asked not to dedupe', async () => {
      const sessionKey = await newSessionKey();
      const body = eventBody(sessionKey, { event: 'CLICK', dontDedupe: true });
      for (let i = 0; i < 3; i += 1) expect((await sendEvent(body)).statusCode).toBe(204);
      expect(await storedEvents(sessionKey)).toHaveLength(3);
    });

    it('stores one copy of simultaneous repeats', async () => {
      const sessionKey = await newSessionKey();
      const body = eventBody(sessionKey, { event: 'DOUBLE_CLICKED' });
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => sendEvent(body)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204]);
      expect(await storedEvents(sessionKey)).toHaveLength(1);
    });

    it.each([
      ['an unknown session', (key: TSessionKey) => ({ ...key, uuid: newIdentity() })],
      ['another tracker', (key: TSessionKey) => ({ ...key, trackerUuid: newIdentity() })],
      ['another start', (key: TSessionKey) => ({ ...key, epoch: key.epoch + 1 })],
    ])('refuses a key naming %s', async (_name, change) => {
      const sessionKey = await newSessionKey();
      const response = await sendEvent(eventBody(change(sessionKey)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'UNKNOWN_SESSION',
        fieldErrors: { sessionKey: ['Unknown tracking session'] },
      });
    });

    it('refuses event properties over the size limit', async () => {
      const sessionKey = await newSessionKey();
      const eventProperties = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `p${i}`,
          'x'.repeat(EVENT_PROPERTIES_MAX_BYTES / 16),
        ]),
      );
      const response = await sendEvent(eventBody(sessionKey, { eventProperties }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('eventProperties');
      expect(await storedEvents(sessionKey)).toHaveLength(0);
    });

    it.each([
      ['a page path off this site', { pagePath: 'https://evil.example/x' }, 'pagePath'],
      ['a nested property', { eventProperties: { nested: { a: 1 } } }, 'eventProperties.nested'],
      ['no event name', { event: '' }, 'event'],
      ['a non-uuid application', { applicationUuid: 'app-1' }, 'applicationUuid'],
    ])('refuses %s with field messages', async (_name, overrides, field) => {
      const sessionKey = await newSessionKey();
      const response = await sendEvent({ ...eventBody(sessionKey), ...overrides });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });
  });

  describe('rate limits', () => {
    it(`answers 429 past ${TELEMETRY_SESSIONS_PER_IP_PER_MINUTE} sessions a minute from one address`, async () => {
      const remoteAddress = '198.51.100.7';
      for (let i = 0; i < TELEMETRY_SESSIONS_PER_IP_PER_MINUTE; i += 1) {
        // Refused bodies count too: the limit comes before validation.
        const response = await openSession({ remoteAddress, body: {} });
        expect(response.statusCode).toBe(400);
      }
      const limited = await openSession({ remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await openSession({ remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
    });

    it(`answers 429 past ${TELEMETRY_EVENTS_PER_IP_PER_MINUTE} events a minute from one address`, async () => {
      const remoteAddress = '198.51.100.9';
      const send = () =>
        t.app.inject({ method: 'POST', url: EVENT_URL, payload: {}, remoteAddress });
      for (let i = 0; i < TELEMETRY_EVENTS_PER_IP_PER_MINUTE; i += 1) {
        expect((await send()).statusCode).toBe(400);
      }
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
});
