import { describe, expect, it, vi } from 'vitest';
import { createExpiringCache } from './expiring-cache.js';
import { createVerifiedTokens, VERIFIED_TOKEN_REUSE_MS } from './identity/verified-tokens.js';
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

describe('createVerifiedTokens', () => {
  const principal = {
    identityUuid: 'f3c1a9e2-4b7d-4e0a-9c1b-2d3e4f5a6b7c',
    audience: 'bearer' as const,
    token: { id: 'jti-1', expiresAt: new Date(60_000) },
  };

  function setup(answer: typeof principal | null = principal) {
    let now = 0;
    const verifyInFull = vi.fn(async () => answer);
    const tokens = createVerifiedTokens(verifyInFull, () => new Date(now));
    return { tokens, verifyInFull, setNow: (ms: number) => (now = ms) };
  }

  it('checks a good token in full once, then again after the reuse time', async () => {
    const { tokens, verifyInFull, setNow } = setup();
    expect(await tokens.verify('t', 'bearer')).toEqual(principal);
    setNow(VERIFIED_TOKEN_REUSE_MS - 1);
    expect(await tokens.verify('t', 'bearer')).toEqual(principal);
    expect(verifyInFull).toHaveBeenCalledTimes(1);
    setNow(VERIFIED_TOKEN_REUSE_MS);
    await tokens.verify('t', 'bearer');
    expect(verifyInFull).toHaveBeenCalledTimes(2);
  });

  it('checks a bad token in full every time', async () => {
    const { tokens, verifyInFull } = setup(null);
    expect(await tokens.verify('t', 'bearer')).toBeNull();
    expect(await tokens.verify('t', 'bearer')).toBeNull();
    expect(verifyInFull).toHaveBeenCalledTimes(2);
  });

  it('keeps the audiences apart', async () => {
    const { tokens, verifyInFull } = setup();
    await tokens.verify('t', 'bearer');
    await tokens.verify('t', 'agent');
    expect(verifyInFull).toHaveBeenCalledTimes(2);
  });

  it('never reuses a token past its own expiry', async () => {
    const { tokens, verifyInFull, setNow } = setup({
      ...principal,
      token: { id: 'jti-1', expiresAt: new Date(1_000) },
    });
    await tokens.verify('t', 'bearer');
    setNow(1_000);
    await tokens.verify('t', 'bearer');
    expect(verifyInFull).toHaveBeenCalledTimes(2);
  });

  it('forgets a signed-out token at once', async () => {
    const { tokens, verifyInFull } = setup();
    await tokens.verify('t', 'bearer');
    tokens.forget('jti-1');
    verifyInFull.mockResolvedValueOnce(null);
    expect(await tokens.verify('t', 'bearer')).toBeNull();
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
