import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './expiring-cache.js';

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
