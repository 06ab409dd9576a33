import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

/** An OpenAPI 3 document; only its identifying fields are checked here. */
export const ZGetDocsJsonResponse = z.looseObject({
  openapi: z.string().check(z.regex(/^3\./)),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type TGetDocsJsonResponse = z.infer<typeof ZGetDocsJsonResponse>;

export const getDocsJson = defineEndpoint({
  method: 'GET',
  path: '/docs/json',
  auth: 'none',
  summary: 'The OpenAPI 3 document of this API, generated from the contract',
  response: ZGetDocsJsonResponse,
});
