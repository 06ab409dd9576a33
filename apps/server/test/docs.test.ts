import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCryptoValues,
  getHealthz,
  getValidCountries,
  getValidStates,
  postRates,
  postSandboxPrices,
  type TEndpoint,
} from '@pledge/contract';
import type { TTestDatabase } from './helpers/db.js';
import { closeTestApp, openTestApp } from './helpers/test-app.js';

interface TOperation {
  summary?: string;
  parameters?: { name: string; in: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: object }> }>;
}

interface TOpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, TOperation>>;
}

/** `/a/:id` → `/a/{id}` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /docs/json', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let document: TOpenApiDocument;

  beforeAll(async () => {
    ({ database, app } = await openTestApp());
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => closeTestApp({ database, app }));

  it('is an OpenAPI 3 document', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title.length).toBeGreaterThan(0);
    expect(document.info.version.length).toBeGreaterThan(0);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path.startsWith('/')).toBe(true);
      expect(path).not.toContain(':');
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'post', 'put', 'delete', 'patch', 'head', 'options']).toContain(method);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        for (const [status, answer] of Object.entries(operation.responses)) {
          expect(status).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
          expect(typeof answer.description).toBe('string');
        }
        for (const parameter of operation.parameters ?? []) {
          expect(['query', 'path', 'header', 'cookie']).toContain(parameter.in);
          expect(parameter.name.length).toBeGreaterThan(0);
          expect(parameter.schema).toBeTypeOf('object');
        }
      }
    }
  });

  const served: TEndpoint[] = [
    getValidStates,
    getValidCountries,
    getCryptoValues,
    postRates,
    postSandboxPrices,
    getHealthz,
  ];

  it.each(served)('documents $method $path from the contract', (endpoint) => {
    const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
    expect(operation).toBeDefined();
    expect(operation?.summary).toBe(endpoint.summary);
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toBeTypeOf('object');
    if (endpoint.body !== undefined) {
      expect(operation?.requestBody?.content['application/json']?.schema).toBeTypeOf('object');
    }
  });

  it('documents the rates body fields and the crypto-values query', () => {
    const rates = document.paths[openApiPath(postRates.path)]?.post;
    const schema = rates?.requestBody?.content['application/json']?.schema as {
      properties?: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['coinQuantity', 'collateralType', 'state', 'countryCode']),
    );
    const values = document.paths[openApiPath(getCryptoValues.path)]?.get;
    expect(values?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['state', 'countryCode', 'orgCode']),
    );
  });

  it('leaves out the pages, static files and itself', () => {
    const paths = Object.keys(document.paths);
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('/docs/json');
    expect(paths.some((path) => path.startsWith('/account'))).toBe(false);
    expect(paths.some((path) => path.startsWith('/brands'))).toBe(false);
  });
});
