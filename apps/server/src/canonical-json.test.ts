import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it.each([
    ['a number', 12.5, '12.5'],
    ['a string', 'a"b', '"a\\"b"'],
    ['null', null, 'null'],
    ['undefined alone', undefined, '<none>'],
    ['an array, in its own order', [2, 1, undefined], '[2,1,<none>]'],
    [
      'an object, keys in order',
      { b: 1, a: { d: [true], c: 'x' } },
      '{"a":{"c":"x","d":[true]},"b":1}',
    ],
    ['an object, undefined keys left out', { a: undefined, b: null }, '{"b":null}'],
  ])('writes %s', (_name, value, expected) => {
    expect(canonicalJson(value, { undefinedAs: '<none>' })).toBe(expected);
  });

  it('reads the same for values that differ only in the order of their keys', () => {
    const options = { undefinedAs: 'null' };
    expect(canonicalJson({ x: 1, y: [{ q: 1, p: 2 }] }, options)).toBe(
      canonicalJson({ y: [{ p: 2, q: 1 }], x: 1 }, options),
    );
  });
});
