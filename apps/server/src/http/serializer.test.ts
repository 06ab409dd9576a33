import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { serializerCompiler } from './serializer.js';

const ZAnswer = z.object({ name: z.string(), amount: z.number().check(z.nonnegative()) });

function compile() {
  return serializerCompiler({ schema: ZAnswer, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('the response serializer', () => {
  it('encodes through the schema: unknown fields are dropped, invalid answers refused', () => {
    const serialize = compile();
    expect(serialize({ name: 'a', amount: 1, secret: 'x' })).toBe('{"name":"a","amount":1}');
    expect(() => serialize({ name: 'a', amount: -1 })).toThrow();
  });

  it('encodes a frozen answer once and reuses its JSON', () => {
    const serialize = compile();
    const answer = Object.freeze({ name: 'a', amount: 1, secret: 'x' });
    expect(serialize(answer)).toBe('{"name":"a","amount":1}');
    expect(serialize(answer)).toBe('{"name":"a","amount":1}');
    // A mutable answer is encoded every time.
    const mutable = { name: 'a', amount: 1 };
    expect(serialize(mutable)).toBe('{"name":"a","amount":1}');
    mutable.amount = 2;
    expect(serialize(mutable)).toBe('{"name":"a","amount":2}');
  });

  it('never caches a refused frozen answer', () => {
    const serialize = compile();
    const invalid = Object.freeze({ name: 'a', amount: -1 });
    expect(() => serialize(invalid)).toThrow();
    expect(() => serialize(invalid)).toThrow();
  });
});
