import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { JSON_BODY_HEADROOM_BYTES } from '@pledge/domain';
import type { TEndpoint } from './define-endpoint.js';
import { largestJsonBytes, maxBodyBytesOf, requestJsonSchema } from './bounds.js';
import { boundedRecord } from './wire.js';
import { endpoints } from './endpoints.js';

const largest = (schema: z.ZodMiniType) => largestJsonBytes(requestJsonSchema(schema));

describe('largestJsonBytes', () => {
  it.each([
    ['a bounded string (six-byte escapes and quotes)', z.string().check(z.maxLength(10)), 62],
    ['an unbounded string', z.string(), Infinity],
    ['a uuid', z.uuid(), 2 + 36 * 6],
    ['an enum', z.enum(['A', 'BBB']), 5],
    ['a boolean', z.boolean(), 5],
    ['a nullable boolean', z.nullable(z.boolean()), 5],
    ['a list of 3 booleans', z.array(z.boolean()).check(z.maxLength(3)), 2 + 3 * 6],
    ['a list without a most', z.array(z.boolean()), Infinity],
    ['an object', z.object({ a: z.boolean(), b: z.null() }), 2 + 4 + 5 + 1 + 4 + 4 + 1],
    ['a map without a most', z.record(z.string().check(z.maxLength(1)), z.boolean()), Infinity],
    [
      'a map of at most 2',
      boundedRecord(z.string().check(z.maxLength(1)), z.boolean(), 2),
      2 + 2 * (8 + 1 + 5 + 1),
    ],
  ] as const)('%s', (_label, schema, bytes) => {
    expect(largest(schema)).toBe(bytes);
  });
});

describe('maxBodyBytesOf', () => {
  const entries = Object.entries(endpoints as Record<string, TEndpoint>);

  it('gives every JSON route what its largest valid body needs, with headroom', () => {
    for (const [name, endpoint] of entries) {
      if (endpoint.body === undefined) continue;
      const limit = maxBodyBytesOf(endpoint);
      expect(limit, name).toBeGreaterThanOrEqual(largest(endpoint.body) + JSON_BODY_HEADROOM_BYTES);
      expect(limit, name).toBeLessThanOrEqual(160 * 1024);
    }
  });

  it('keeps sign-in and rates small, and only the ID upload large', () => {
    expect(maxBodyBytesOf(endpoints.postCustomerOtpStart)).toBeLessThanOrEqual(4 * 1024);
    expect(maxBodyBytesOf(endpoints.postRates)).toBeLessThanOrEqual(4 * 1024);
    const large = entries.filter(([, endpoint]) => maxBodyBytesOf(endpoint) > 1024 * 1024);
    expect(large.map(([name]) => name)).toEqual(['postIdentityDocuments']);
  });
});
