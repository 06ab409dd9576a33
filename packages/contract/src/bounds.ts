/**
 * What a request can hold, read off the contract's schemas: every string, list and map of a body or
 * query has a most (JSON Schema `maxLength`, `maxItems`, `maxProperties`, or a fixed-length format),
 * so the largest valid body of each route is known and its body limit follows from it.
 */
import { z } from 'zod/mini';
import { JSON_BODY_DEFAULT_MAX_BYTES, JSON_BODY_HEADROOM_BYTES } from '@pledge/domain';
import type { TEndpoint, TEndpointSchema } from './define-endpoint.js';

/** A JSON Schema node, as `z.toJSONSchema` writes it. */
export type TJsonSchema = { [keyword: string]: unknown };

/** The JSON Schema of what a request part may be (its input side). */
export function requestJsonSchema(schema: TEndpointSchema): TJsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
}

/** String formats whose every valid value has one length. */
export const FIXED_LENGTH_FORMATS: Readonly<Record<string, number>> = { uuid: 36, date: 10 };

/** The most characters a string schema admits; undefined when nothing bounds it. */
export function stringBoundOf(schema: TJsonSchema): number | undefined {
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  if (typeof schema.format === 'string') return FIXED_LENGTH_FORMATS[schema.format];
  return undefined;
}

/** A number as any JSON encoder may write it (`-1.2345678901234567e-308`), with room. */
const NUMBER_MAX_BYTES = 32;
/** One UTF-16 unit of a string, written as a `\uXXXX` escape (as some encoders write non-ASCII). */
const CHAR_MAX_BYTES = 6;

const asSchema = (value: unknown): TJsonSchema =>
  typeof value === 'object' && value !== null ? (value as TJsonSchema) : {};

/** UTF-8 bytes of a value's JSON text (consts and enum values here). */
function jsonBytes(value: unknown): number {
  let bytes = 0;
  for (const char of JSON.stringify(value) ?? '') {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** `{"key":` */
const keyBytes = (key: string) => jsonBytes(key) + 1;

/**
 * The largest compact JSON text a value of this schema can be, in bytes: Infinity when a string,
 * list or map in it has no bound, or a part has no schema at all.
 */
export function largestJsonBytes(schema: TJsonSchema, root: TJsonSchema = schema): number {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    return largestJsonBytes(asSchema(asSchema(root.$defs)[name]), root);
  }
  if ('const' in schema) return jsonBytes(schema.const);
  if (Array.isArray(schema.enum)) return Math.max(0, ...schema.enum.map(jsonBytes));
  const options = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (options !== undefined) {
    return Math.max(...options.map((option) => largestJsonBytes(asSchema(option), root)));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return Math.max(
    ...types.map((type) => {
      switch (type) {
        case 'string': {
          const bound = stringBoundOf(schema);
          return bound === undefined ? Infinity : 2 + bound * CHAR_MAX_BYTES;
        }
        case 'number':
        case 'integer':
          return NUMBER_MAX_BYTES;
        case 'boolean':
          return jsonBytes(false);
        case 'null':
          return jsonBytes(null);
        case 'array': {
          if (typeof schema.maxItems !== 'number') return Infinity;
          const item = largestJsonBytes(asSchema(schema.items), root);
          return 2 + schema.maxItems * (item + 1);
        }
        case 'object':
          return largestObjectBytes(schema, root);
        default:
          // No type: anything (an unrepresentable schema) has no bound.
          return Infinity;
      }
    }),
  );
}

function largestObjectBytes(schema: TJsonSchema, root: TJsonSchema): number {
  const properties = Object.entries(asSchema(schema.properties));
  let total = 2;
  for (const [key, property] of properties) {
    total += keyBytes(key) + largestJsonBytes(asSchema(property), root) + 1;
  }
  const additional = schema.additionalProperties;
  if (additional === undefined || additional === false) return total;
  if (typeof schema.maxProperties !== 'number') return Infinity;
  const key = largestJsonBytes({ type: 'string', ...asSchema(schema.propertyNames) }, root);
  const value = additional === true ? Infinity : largestJsonBytes(asSchema(additional), root);
  return total + schema.maxProperties * (key + 1 + value + 1);
}

/**
 * The request body limit of an endpoint: its own `maxBodyBytes` (the ID upload), else what its
 * largest valid JSON body needs plus headroom, rounded up to a KiB; a body schema without bounds
 * gets the default (and fails the contract's bounds test).
 */
export function maxBodyBytesOf(endpoint: TEndpoint): number {
  if (endpoint.maxBodyBytes !== undefined) return endpoint.maxBodyBytes;
  if (endpoint.body === undefined) return JSON_BODY_HEADROOM_BYTES;
  const largest = largestJsonBytes(requestJsonSchema(endpoint.body));
  if (!Number.isFinite(largest)) return JSON_BODY_DEFAULT_MAX_BYTES;
  return Math.ceil((largest + JSON_BODY_HEADROOM_BYTES) / 1024) * 1024;
}
