import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as contract from './index.js';
import { brokerBase, type TEndpoint } from './define-endpoint.js';
import { endpoints } from './endpoints.js';
import { OPS } from './ops/ops-base.js';

const entries = Object.entries(endpoints) as [string, TEndpoint][];

/** The public-path calls DESIGN §4 binds to the caller, so they need a bearer token. */
const BEARER_ON_INSECURE_PATH = new Set([
  'postCreateApplication',
  'postCreateMobileFlowApplication',
]);

const AGENT_PREFIXES = [`${OPS}/`, `${brokerBase('agent')}/secure/`];

function isEndpoint(value: unknown): value is TEndpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value
  );
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '').sort();
}

describe('endpoints', () => {
  it('holds every endpoint the package exports, under its export name', () => {
    const exported = Object.entries(contract).filter(([, value]) => isEndpoint(value));
    expect(exported.length).toBeGreaterThan(0);
    for (const [name, value] of exported) {
      expect(endpoints[name as keyof typeof endpoints], name).toBe(value);
    }
    expect(Object.keys(endpoints).sort()).toEqual(exported.map(([name]) => name).sort());
  });

  it('has a unique method and path for each endpoint', () => {
    const keys = entries.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it.each(entries)('%s has a method, an absolute path, a summary and schemas', (_, endpoint) => {
    expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(endpoint.method);
    expect(endpoint.path.startsWith('/')).toBe(true);
    expect(endpoint.path).not.toMatch(/\/$|\/\/|\{|\}|\s/);
    expect(endpoint.summary.trim().length).toBeGreaterThan(0);
    expect(endpoint.response).toBeInstanceOf(z.ZodMiniType);
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      expect(endpoint.body).toBeUndefined();
    }
    if (endpoint.status === 204 || endpoint.status === 303) {
      expect(endpoint.response.safeParse(undefined).success).toBe(true);
    }
  });

  it.each(entries)('%s names the same params in its path and its params schema', (_, endpoint) => {
    const inPath = pathParamNames(endpoint.path);
    if (inPath.length === 0) {
      expect(endpoint.params).toBeUndefined();
      return;
    }
    expect(endpoint.params).toBeInstanceOf(z.ZodMiniObject);
    const shape = (endpoint.params as z.ZodMiniObject).shape;
    expect(Object.keys(shape).sort()).toEqual(inPath);
  });

  it.each(entries)('%s asks for the authentication its path implies', (name, endpoint) => {
    const isAgentPath = AGENT_PREFIXES.some((prefix) => endpoint.path.startsWith(prefix));
    if (isAgentPath) {
      expect(endpoint.auth).toBe('agent');
    } else if (endpoint.path.includes('/secure/')) {
      expect(endpoint.auth).toBe('bearer');
    } else if (endpoint.path.includes('/insecure/')) {
      expect(endpoint.auth).toBe(BEARER_ON_INSECURE_PATH.has(name) ? 'bearer' : 'none');
    }
    if (endpoint.path.startsWith('/sandbox/') || endpoint.path.startsWith('/ft/')) {
      expect(endpoint.auth).toBe('none');
    }
  });

  it('needs an agent only on agent paths', () => {
    const agentOnly = entries.filter(([, endpoint]) => endpoint.auth === 'agent');
    for (const [name, endpoint] of agentOnly) {
      expect(
        AGENT_PREFIXES.some((prefix) => endpoint.path.startsWith(prefix)),
        name,
      ).toBe(true);
    }
  });

  it.each(entries)('%s converts to JSON Schema for the OpenAPI document', (_, endpoint) => {
    const parts = [endpoint.params, endpoint.query, endpoint.body].filter(
      (schema): schema is z.ZodMiniType => schema !== undefined,
    );
    for (const schema of parts) {
      expect(() =>
        z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }),
      ).not.toThrow();
    }
    expect(() =>
      z.toJSONSchema(endpoint.response, {
        io: 'output',
        unrepresentable: 'any',
        target: 'openapi-3.0',
      }),
    ).not.toThrow();
  });

  it('serves the multipart identity upload without a JSON body schema', () => {
    const upload: TEndpoint = endpoints.postIdentityDocuments;
    expect(upload.body).toBeUndefined();
    expect(endpoints.postIdentityDocuments.summary).toMatch(/multipart/);
  });

  it('pins the sign-in answers of DESIGN §3', () => {
    expect(endpoints.postCustomerLogin.status).toBe(303);
    expect(endpoints.postCustomerOtpStart.status).toBe(204);
    expect(endpoints.postAgentLogin.path).toBe('/identity-broker/agent/api/v3/login');
    expect(endpoints.getCustomerFigureInfo.path).toBe(
      '/identity-broker/customer/secure/api/v3/self/figureinfo',
    );
  });
});
