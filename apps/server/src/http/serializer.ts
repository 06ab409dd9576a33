import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

type TSerializerCompiler = typeof zodSerializerCompiler;

/**
 * The contract's response schemas encode every answer (fastify-type-provider-zod). A frozen answer
 * (a constant list such as the valid states, frozen all the way down by its service) cannot
 * change, so it is encoded once per route and its JSON reused; anything else is encoded on every
 * request.
 */
export const serializerCompiler: TSerializerCompiler = (routeSchema) => {
  const serialize = zodSerializerCompiler(routeSchema);
  const frozenAnswers = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = frozenAnswers.get(data);
    if (json === undefined) {
      json = serialize(data);
      frozenAnswers.set(data, json);
    }
    return json;
  };
};
