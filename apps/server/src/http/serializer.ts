import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type core } from 'zod';

type TSerializerCompiler = typeof zodSerializerCompiler;
type TEncode = (data: unknown) => string;
type TJsonSchema = Record<string, unknown>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that only constrain a primitive's value: they never change how it is written. */
const VALUE_KEYWORDS = new Set([
  'type',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'description',
]);

function isNullSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as TJsonSchema).type === 'null';
}

/** The primitive type a schema writes, when it is one and says nothing that changes the writing. */
function primitiveTypeOf(schema: TJsonSchema): string | undefined {
  const { type } = schema;
  if (typeof type !== 'string' || !PRIMITIVE_TYPES.has(type)) return undefined;
  return Object.keys(schema).every((keyword) => VALUE_KEYWORDS.has(keyword)) ? type : undefined;
}

/**
 * The schema as the encoder needs it. An object's fields beyond its properties are dropped, as
 * zod drops them, rather than refused (`additionalProperties: false` would refuse them where a
 * union tries its members). A union is written by trying its members' schemas against the value
 * on every answer; where every member is written alike, that is avoided: a nullable value (a
 * member and `null`) becomes `nullable`, and a union of primitives of one type (literals, strings
 * of several shapes) becomes that type. Unions of objects stay unions.
 */
function forEncoding(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forEncoding);
  if (typeof schema !== 'object' || schema === null) return schema;
  const simplified: TJsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword !== 'additionalProperties' || value !== false) {
      simplified[keyword] = forEncoding(value);
    }
  }
  // An integer is written as the number it is: the encoder would truncate a fraction unseen.
  if (simplified.type === 'integer') simplified.type = 'number';
  const { anyOf, ...rest } = simplified;
  if (!Array.isArray(anyOf)) return simplified;
  const members = (anyOf as TJsonSchema[]).filter((member) => !isNullSchema(member));
  const nullable = members.length < anyOf.length ? { nullable: true } : {};
  const types = new Set(members.map(primitiveTypeOf));
  const [type] = types;
  if (types.size === 1 && type !== undefined) return { ...rest, type, ...nullable };
  const [only] = members;
  if (members.length === 1 && only !== undefined && nullable.nullable === true) {
    const memberIsUnion = 'anyOf' in only || 'oneOf' in only || '$ref' in only;
    if (!memberIsUnion) return { ...rest, ...only, ...nullable };
  }
  return simplified;
}

/**
 * A contract schema's encoder, compiled from its JSON Schema (fast-json-stringify): it writes the
 * schema's properties only, so a field an answer carries beyond its schema never leaves the
 * server. Undefined for a schema JSON Schema cannot state (no body, binary answers), which the
 * zod serializer keeps.
 */
function compiledEncoder(schema: core.$ZodType): TEncode | undefined {
  let jsonSchema: unknown;
  try {
    jsonSchema = toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
  } catch {
    return undefined;
  }
  return fastJsonStringify(forEncoding(jsonSchema) as Schema);
}

/** One encoder per schema: the error answer's schema, shared by every route, is compiled once. */
const encoders = new WeakMap<object, TEncode | null>();

function encoderOf(schema: core.$ZodType): TEncode | undefined {
  let encoder = encoders.get(schema);
  if (encoder === undefined) {
    encoder = compiledEncoder(schema) ?? null;
    encoders.set(schema, encoder);
  }
  return encoder ?? undefined;
}

/**
 * Every answer is encoded by its route's schema from the contract, compiled once (on the route's
 * first answer, so that an instance or a test starts without compiling every route). A frozen
 * answer (a constant list such as the valid states, frozen all the way down by its service)
 * cannot change, so it is encoded once per route and its JSON reused.
 */
export const serializerCompiler: TSerializerCompiler = (routeSchema) => {
  let encode: TEncode | undefined;
  const encodeOnce: TEncode = (data) => {
    encode ??= encoderOf(routeSchema.schema as core.$ZodType) ?? zodSerializerCompiler(routeSchema);
    return encode(data);
  };
  const frozenAnswers = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data))
      return encodeOnce(data);
    let json = frozenAnswers.get(data);
    if (json === undefined) {
      json = encodeOnce(data);
      frozenAnswers.set(data, json);
    }
    return json;
  };
};
