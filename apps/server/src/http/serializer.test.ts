import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ZBinary } from '@pledge/contract';
import { serializerCompiler } from './serializer.js';

const ZAnswer = z.object({ name: z.string(), amount: z.number().check(z.nonnegative()) });

function compile(schema: z.ZodMiniType = ZAnswer) {
  return serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('the response serializer', () => {
  it("writes the schema's fields only: a field beyond it never leaves the server", () => {
    const serialize = compile();
    expect(serialize({ name: 'a', amount: 1, secret: 'x' })).toBe('{"name":"a","amount":1}');
    expect(() => serialize({ amount: 1 })).toThrow();
  });

  it('writes nullable values, unions of literals and of objects, records and arrays', () => {
    const serialize = compile(
      z.object({
        note: z.nullable(z.string()),
        total: z.nullable(z.object({ cents: z.number(), hidden: z.optional(z.string()) })),
        state: z.union([z.literal('OPEN'), z.literal('CLOSED')]),
        event: z.union([
          z.object({ kind: z.literal('paid'), cents: z.number() }),
          z.object({ kind: z.literal('note'), text: z.string() }),
        ]),
        counts: z.record(z.string(), z.number()),
        tags: z.array(z.nullable(z.string())),
        later: z.optional(z.string()),
      }),
    );
    const answer = {
      note: null,
      total: { cents: 5, secret: 'x' },
      state: 'OPEN',
      event: { kind: 'note', text: 'a "quote"', secret: 'x' },
      counts: { a: 1 },
      tags: ['x', null],
    };
    expect(JSON.parse(serialize(answer))).toEqual({
      note: null,
      total: { cents: 5 },
      state: 'OPEN',
      event: { kind: 'note', text: 'a "quote"' },
      counts: { a: 1 },
      tags: ['x', null],
    });
    expect(JSON.parse(serialize({ ...answer, note: 'n', total: null }))).toMatchObject({
      note: 'n',
      total: null,
    });
  });

  it('writes a number as it is, never truncating one the schema says is whole', () => {
    const serialize = compile(z.object({ cents: z.int(), rate: z.nullable(z.int()) }));
    expect(serialize({ cents: 1.5, rate: 2 })).toBe('{"cents":1.5,"rate":2}');
    expect(() => serialize({ cents: 'many', rate: null })).toThrow();
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
    const invalid = Object.freeze({ amount: 1 });
    expect(() => serialize(invalid)).toThrow();
    expect(() => serialize(invalid)).toThrow();
  });

  it('keeps the schema check for what JSON Schema cannot state', () => {
    expect(() => compile(ZBinary)({ name: 'a' })).toThrow();
  });
});
