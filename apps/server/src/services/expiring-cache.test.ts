import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './expiring-cache.js';
import { createOpenOffersCache, OPEN_OFFERS_REUSE_MS } from './offers/open-offers-cache.js';
import type { TOffer } from '@pledge/contract';

describe('createExpiringCache', () => {
  it('answers an entry until it expires', () => {
    let now = 0;
    const cache = createExpiringCache<string>(10, () => now);
    cache.set('a', 'A', 100);
    now = 99;
    expect(cache.get('a')).toBe('A');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing already expired', () => {
    const cache = createExpiringCache<string>(10, () => 50);
    cache.set('a', 'A', 50);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its capacity', () => {
    const cache = createExpiringCache<string>(2, () => 0);
    cache.set('a', 'A', 10);
    cache.set('b', 'B', 10);
    cache.get('a');
    cache.set('c', 'C', 10);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('drops the entries a test picks', () => {
    const cache = createExpiringCache<number>(10, () => 0);
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.deleteWhere((value) => value === 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
  });
});

describe('createOpenOffersCache', () => {
  const offers = [{ uuid: 'o1' }] as unknown as TOffer[];

  it('keeps a list per borrower and application for a moment', () => {
    let now = 0;
    const cache = createOpenOffersCache(() => new Date(now));
    cache.set('me', 'app', offers);
    expect(cache.get('me', 'app')).toBe(offers);
    expect(cache.get('someone-else', 'app')).toBeUndefined();
    now = OPEN_OFFERS_REUSE_MS;
    expect(cache.get('me', 'app')).toBeUndefined();
  });

  it('forgets an application whose offers changed', () => {
    const cache = createOpenOffersCache(() => new Date(0));
    cache.set('me', 'app', offers);
    cache.set('me', 'other', offers);
    cache.forget('app');
    expect(cache.get('me', 'app')).toBeUndefined();
    expect(cache.get('me', 'other')).toBe(offers);
  });
});
