import { describe, expect, it } from 'vitest';
import { createMemo } from './memo.js';

describe('createMemo', () => {
  it('computes a key once and forgets the least recently used beyond its capacity', () => {
    const memo = createMemo<string>(2);
    const computed: string[] = [];
    const get = (key: string) =>
      memo(key, () => {
        computed.push(key);
        return key.toUpperCase();
      });
    expect(get('a')).toBe('A');
    expect(get('a')).toBe('A');
    get('b');
    get('a'); // a is now the most recent
    get('c'); // evicts b
    get('a');
    get('b');
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps nothing when the computation throws', () => {
    const memo = createMemo<number>(2);
    expect(() =>
      memo('x', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(memo('x', () => 1)).toBe(1);
  });
});
