import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TPostTelemetryEventBody } from '@pledge/contract';
import { dedupeHashOf } from './record-event.js';

const event = (overrides: Partial<TPostTelemetryEventBody> = {}): TPostTelemetryEventBody => ({
  domain: 'loans.example.com',
  queryParams: {},
  pagePath: '/account/crypto-backed-loan/start',
  event: 'PAGE_VIEW',
  sessionKey: { uuid: randomUUID(), epoch: 1_700_000_000_000, trackerUuid: randomUUID() },
  identityId: null,
  applicationUuid: null,
  eventType: 'PAGE_VIEW',
  productType: 'CRYPTO_BACKED_LOAN',
  eventProperties: { offerUuid: 'a', step: 1 },
  dontDedupe: false,
  dedupeProperty: null,
  ...overrides,
});

describe('dedupeHashOf', () => {
  it('is null when the event must not be deduplicated', () => {
    expect(dedupeHashOf(event({ dontDedupe: true }))).toBeNull();
    expect(dedupeHashOf(event({ dontDedupe: true, dedupeProperty: 'offerUuid' }))).toBeNull();
  });

  it.each([
    ['the same page', event(), event({ eventProperties: { other: true } }), true],
    ['another page', event(), event({ pagePath: '/account/crypto-backed-loan/offer' }), false],
    [
      'the same property value on two pages',
      event({ dedupeProperty: 'offerUuid' }),
      event({ dedupeProperty: 'offerUuid', pagePath: '/elsewhere' }),
      true,
    ],
    [
      'two property values',
      event({ dedupeProperty: 'offerUuid' }),
      event({ dedupeProperty: 'offerUuid', eventProperties: { offerUuid: 'b' } }),
      false,
    ],
    [
      'a number and its text',
      event({ dedupeProperty: 'step' }),
      event({ dedupeProperty: 'step', eventProperties: { step: '1' } }),
      false,
    ],
    [
      'a missing property, which falls back to the page',
      event({ dedupeProperty: 'absent' }),
      event(),
      true,
    ],
    [
      'a page path that spells a property',
      event({ pagePath: '/offerUuid="a"' }),
      event({ dedupeProperty: 'offerUuid' }),
      false,
    ],
  ])('treats %s as %s', (_name, a, b, same) => {
    expect(dedupeHashOf(a) === dedupeHashOf(b)).toBe(same);
  });

  it('is short whatever the size of the value', () => {
    const long = event({ pagePath: `/${'x'.repeat(2000)}` });
    expect(dedupeHashOf(long)?.length).toBeLessThanOrEqual(64);
  });
});
