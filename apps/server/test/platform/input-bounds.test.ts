/**
 * Every input is bounded: each string, list and map of every body and query in the
 * contract has a most, and one past it answers 400 with a message on that field (or 413 when the
 * body outgrows the route's limit), changing nothing. Walks `endpoints`, not a list kept by hand,
 * so a new endpoint with an unbounded field fails here.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  endpoints,
  requestJsonSchema,
  stringBoundOf,
  ZApiError,
  type TEndpoint,
  type TJsonSchema,
} from '@pledge/contract';
import type { TTestDatabase } from '../helpers/db.js';
import {
  createdApplication,
  newBorrower,
  useApplicationsTestContext,
} from '../applications/helpers.js';
import { bearer, signIn } from '../identity/sign-in.js';
import { seedSandboxIdentities } from '../helpers/seeded-db.js';

type TEndpointName = keyof typeof endpoints;

/**
 * Fastify checks a body before the query, so probing the query of a route that also takes a body
 * needs a valid body: one for each such route.
 */
const VALID_BODIES_FOR_QUERY_PROBES: Partial<Record<TEndpointName, unknown>> = {
  postRates: { coinQuantity: '1', collateralType: 'BTC', state: 'OH' },
  postWaitlist: { email: 'bounds-waitlist@example.com', state: 'WY' },
};

interface TProbe {
  /** The field as the answer names it (`addresses`, `name.firstName`, `addresses.0.zip`). */
  field: string;
  kind: 'string' | 'list' | 'map';
  /** The part sent, with the field one past its bound. */
  value: unknown;
}

const asSchema = (value: unknown): TJsonSchema =>
  typeof value === 'object' && value !== null ? (value as TJsonSchema) : {};

function resolve(schema: TJsonSchema, root: TJsonSchema): TJsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolve(asSchema(asSchema(root.$defs)[name]), root);
}

function typesOf(schema: TJsonSchema): unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The properties of an object that have one possible value (a union's tag): always sent. */
function constsOf(schema: TJsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(asSchema(schema.properties))
      .filter(([, property]) => 'const' in asSchema(property))
      .map(([key, property]) => [key, asSchema(property).const]),
  );
}

/** The smallest value of a schema's shape (valid or not; only its place matters). */
function sampleOf(schemaIn: TJsonSchema, root: TJsonSchema): unknown {
  const schema = resolve(schemaIn, root);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (options !== undefined) return sampleOf(asSchema(options[0]), root);
  switch (typesOf(schema)[0]) {
    case 'string':
      return 'a';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return constsOf(schema);
    default:
      return null;
  }
}

/** One character past the bound; an e-mail field gets an address-shaped value. */
function overlongText(field: string, bound: number): string {
  const length = bound + 1;
  if (/email|^to$/i.test(field.split('.').pop() ?? '') && length > 80) {
    const local = 'a'.repeat(64);
    return `${local}@${'b'.repeat(length - local.length - 5)}.com`;
  }
  return 'a'.repeat(length);
}

/**
 * The probes of a part: for each string, list and map, the part with that one field one past its
 * bound; a field without a bound goes to `unbounded`.
 */
function collectProbes(
  schemaIn: TJsonSchema,
  root: TJsonSchema,
  path: string[],
  wrap: (value: unknown) => unknown,
  probes: TProbe[],
  unbounded: string[],
): void {
  const schema = resolve(schemaIn, root);
  const field = path.join('.');
  if ('const' in schema || Array.isArray(schema.enum)) return;
  const options = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray);
  if (options !== undefined) {
    for (const option of options) {
      collectProbes(asSchema(option), root, path, wrap, probes, unbounded);
    }
    return;
  }
  for (const type of typesOf(schema)) {
    switch (type) {
      case 'string': {
        const bound = stringBoundOf(schema);
        if (bound === undefined) unbounded.push(`${field} (string)`);
        else probes.push({ field, kind: 'string', value: wrap(overlongText(field, bound)) });
        break;
      }
      case 'array': {
        const items = asSchema(schema.items);
        if (typeof schema.maxItems !== 'number') unbounded.push(`${field} (list)`);
        else {
          const list = Array.from({ length: schema.maxItems + 1 }, () => sampleOf(items, root));
          probes.push({ field, kind: 'list', value: wrap(list) });
        }
        collectProbes(items, root, [...path, '0'], (item) => wrap([item]), probes, unbounded);
        break;
      }
      case 'object': {
        const consts = constsOf(schema);
        for (const [key, property] of Object.entries(asSchema(schema.properties))) {
          collectProbes(
            asSchema(property),
            root,
            [...path, key],
            (value) => wrap({ ...consts, [key]: value }),
            probes,
            unbounded,
          );
        }
        const additional = schema.additionalProperties;
        if (additional !== undefined && additional !== false) {
          const keys: TJsonSchema = { type: 'string', ...asSchema(schema.propertyNames) };
          if (typeof schema.maxProperties !== 'number') unbounded.push(`${field} (map)`);
          else {
            const value = sampleOf(asSchema(additional), root);
            const entries = Array.from({ length: schema.maxProperties + 1 }, (_, i) => [
              `k${i}`,
              value,
            ]);
            probes.push({ field, kind: 'map', value: wrap(Object.fromEntries(entries)) });
          }
          if (stringBoundOf(keys) === undefined && !Array.isArray(keys.enum)) {
            unbounded.push(`${field} (map keys)`);
          }
          collectProbes(
            asSchema(additional),
            root,
            [...path, 'k'],
            (value) => wrap({ ...consts, k: value }),
            probes,
            unbounded,
          );
        }
        break;
      }
      case 'number':
      case 'integer':
      case 'boolean':
      case 'null':
        break;
      default:
        unbounded.push(`${field || '(the whole part)'} (any value)`);
    }
  }
}

function probesOf(schema: TEndpoint['body']) {
  const probes: TProbe[] = [];
  const unbounded: string[] = [];
  if (schema !== undefined) {
    const root = requestJsonSchema(schema);
    collectProbes(root, root, [], (value) => value, probes, unbounded);
  }
  return { probes, unbounded };
}

const entries = Object.entries(endpoints as Record<string, TEndpoint>) as [
  TEndpointName,
  TEndpoint,
][];

/** Every row of every table, as one digest per table. */
/** Counted on every request, refused or not, by design: the shared rate-limit windows. */
const COUNTED_PER_REQUEST = ['rate_limit_counters'];

async function snapshot(database: TTestDatabase): Promise<Record<string, string>> {
  const tables = await database.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT table_name = ANY($1)
     ORDER BY table_name`,
    [COUNTED_PER_REQUEST],
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const result = await database.pool.query<{ digest: string }>(
      `SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))
         AS digest FROM ${quoted} t`,
    );
    digests[name] = result.rows[0]?.digest ?? '';
  }
  return digests;
}

describe('every input is bounded', () => {
  it('has a bound on every string, list and map of every body and query in the contract', () => {
    const unbounded = entries.flatMap(([name, endpoint]) =>
      (['query', 'body'] as const).flatMap((part) =>
        probesOf(endpoint[part]).unbounded.map((field) => `${name} ${part}: ${field}`),
      ),
    );
    expect(unbounded).toEqual([]);
  });

  it('has a valid body for each route whose query is probed behind a body', () => {
    const needed = entries
      .filter(([, endpoint]) => endpoint.query !== undefined && endpoint.body !== undefined)
      .map(([name]) => name);
    expect(needed.sort()).toEqual(Object.keys(VALID_BODIES_FOR_QUERY_PROBES).sort());
    for (const name of needed) {
      const body = (endpoints[name] as TEndpoint).body;
      expect(body?.safeParse(VALID_BODIES_FOR_QUERY_PROBES[name]).success, name).toBe(true);
    }
  });

  describe('over HTTP', () => {
    const ctx = useApplicationsTestContext();
    let app: FastifyInstance;
    let borrowerToken: string;
    let agentToken: string;
    let values: Record<string, string>;

    beforeAll(async () => {
      app = ctx.app;
      await seedSandboxIdentities(ctx.database.db);
      const borrower = await newBorrower(app);
      borrowerToken = borrower.token;
      agentToken = await signIn(app, 'agent@example.com', { audience: 'agent' });
      const { appUuid } = await createdApplication(app, borrowerToken);
      // A job id and a brand version are numbers, not uuids: none exists, so only the bounds answer.
      values = { appUuid, identityUuid: borrower.identityUuid, jobId: '1', version: '1' };
    }, 60_000);

    let source = 0;
    /** Each probe from its own address, so that sign-in rate limits never answer first. */
    const nextAddress = () => {
      source += 1;
      return `10.18.${Math.floor(source / 250)}.${(source % 250) + 1}`;
    };

    it('answers one past each bound with 400 naming the field (or 413), changing nothing', async () => {
      const before = await snapshot(ctx.database);
      const served = entries.filter(([, endpoint]) =>
        app.hasRoute({ method: endpoint.method, url: endpoint.path }),
      );
      const failures: string[] = [];
      let probed = 0;
      for (const [name, endpoint] of served) {
        const url = buildPath(
          endpoint.path,
          Object.fromEntries(
            [...endpoint.path.matchAll(/:([A-Za-z]\w*)/g)].map(([, key]) => [
              key ?? '',
              values[key ?? ''] ?? values.appUuid ?? '',
            ]),
          ),
        );
        const token = endpoint.auth === 'agent' ? agentToken : borrowerToken;
        for (const part of ['query', 'body'] as const) {
          for (const probe of probesOf(endpoint[part]).probes) {
            probed += 1;
            const validBody = VALID_BODIES_FOR_QUERY_PROBES[name];
            const response = await app.inject({
              method: endpoint.method,
              url,
              remoteAddress: nextAddress(),
              headers: bearer(token),
              ...(part === 'query'
                ? {
                    query: probe.value as Record<string, string>,
                    ...(validBody !== undefined ? { payload: validBody as object } : {}),
                  }
                : { payload: probe.value as object }),
            });
            const what = `${name} ${part} ${probe.field} (${probe.kind})`;
            if (response.statusCode === 413) {
              if (!ZApiError.safeParse(response.json()).success) failures.push(`${what}: 413 body`);
              continue;
            }
            const answer = ZApiError.safeParse(response.json());
            const messages = answer.success ? answer.data.fieldErrors?.[probe.field] : undefined;
            if (response.statusCode !== 400 || messages === undefined || messages.length === 0) {
              failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 300)}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(probed).toBeGreaterThan(100);
      expect(await snapshot(ctx.database)).toEqual(before);
    }, 120_000);
  });
});
