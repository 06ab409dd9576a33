/**
 * The process: where it listens, what it serves, where it keeps local state.
 *
 * - PORT [3000], HOST [127.0.0.1]: where the HTTP server listens.
 * - NODE_ENV [development]: development, test or production, exactly (anything else stops the boot,
 *   so that a mistyped `Production` never passes for a development machine). Production requires
 *   DATABASE_URL.
 * - SANDBOX [false]: sandbox adapters, the seeded demo accounts and the /sandbox/* endpoints; on only
 *   when set to true (`npm start` sets it). Refused with NODE_ENV=production and beside any production
 *   secret (sandbox.ts): the sandbox makes its own keys and talks to no real service, so such a
 *   secret means a real deployment switched to the sandbox by mistake.
 * - DATA_DIR [./data]: local state (embedded database, sandbox keys); relative paths are resolved
 *   from the repository root, not from the working directory.
 * - LOG_LEVEL [info]: fatal, error, warn, info, debug, trace or silent.
 * - WEB_DIST [apps/web/dist]: the built web app; relative paths are resolved from the repository root.
 * - PUBLIC_ORIGIN [unset]: the public https origin (e.g. https://loans.example.com), used for
 *   links and to upgrade insecure requests.
 * - TRUST_PROXY [false]: true, false, or the number of proxy hops in front of the server.
 * - AGENT_EMAILS [empty]: comma-separated addresses provisioned at boot as agents (sign-in on the
 *   agent audience); the sandbox also provisions agent@example.com.
 * - DOCS_PUBLIC [false in production, else true]: serve the OpenAPI document (/docs/json), which
 *   lists every route, the agent console's included; production serves it only when set to true.
 * - METRICS_TOKEN [unset]: the bearer token GET /metrics requires; without it /metrics is not served.
 */
import path from 'node:path';
import { z } from 'zod';
import { defineArea, NODE_ENVS, type TNodeEnv, ZBooleanText, ZNotEmpty, ZPort } from './area.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];

export interface TServerConfig {
  port: number;
  host: string;
  nodeEnv: TNodeEnv;
  sandbox: boolean;
  repoRoot: string;
  dataDir: string;
  logLevel: TLogLevel;
  webDist: string;
  publicOrigin: string | undefined;
  trustProxy: boolean | number;
  /** Lower-case addresses provisioned as agents at boot. */
  agentEmails: string[];
  /** Whether /docs/json is served (docsArePublic). */
  docsPublic: boolean;
  /** The bearer token of GET /metrics; unset: /metrics is not served. */
  metricsToken: string | undefined;
}

/**
 * The API's map (every route, the agent console's included) helps an attacker more than anyone in
 * production, so there it is served only when DOCS_PUBLIC=true; elsewhere unless turned off.
 */
export function docsArePublic(nodeEnv: TNodeEnv, docsPublic: boolean | undefined): boolean {
  return docsPublic ?? nodeEnv !== 'production';
}

export const serverArea = defineArea({
  variables: z.object({
    PORT: ZPort.default(3000),
    HOST: ZNotEmpty.default('127.0.0.1'),
    NODE_ENV: z
      .enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')} (exact, lower case)` })
      .default('development'),
    SANDBOX: ZBooleanText.optional(),
    DATA_DIR: ZNotEmpty.default('./data'),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
      .default('info'),
    WEB_DIST: ZNotEmpty.default('apps/web/dist'),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://example.com' })
      .transform((value) => new URL(value).origin)
      .optional(),
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (value) => /^(true|false|\d{1,2})$/.test(value),
        'must be true, false or a number of proxy hops',
      )
      .transform((value): boolean | number =>
        value === 'true' ? true : value === 'false' ? false : Number(value),
      )
      .default(false),
    AGENT_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ''),
      )
      .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
      .default([]),
    DOCS_PUBLIC: ZBooleanText.optional(),
    METRICS_TOKEN: z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
      .optional(),
  }),
  shown: [
    'PORT',
    'HOST',
    'NODE_ENV',
    'SANDBOX',
    'DATA_DIR',
    'LOG_LEVEL',
    'WEB_DIST',
    'TRUST_PROXY',
  ],
  check: (env) =>
    env.NODE_ENV === 'production' && env.SANDBOX === true
      ? [{ name: 'SANDBOX', message: 'must not be true when NODE_ENV=production' }]
      : [],
  build: (env, context): TServerConfig => ({
    port: env.PORT,
    host: env.HOST,
    nodeEnv: env.NODE_ENV,
    sandbox: context.sandbox,
    repoRoot: context.repoRoot,
    dataDir: context.dataDir,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(context.repoRoot, env.WEB_DIST),
    publicOrigin: env.PUBLIC_ORIGIN,
    trustProxy: env.TRUST_PROXY,
    agentEmails: env.AGENT_EMAILS,
    docsPublic: docsArePublic(env.NODE_ENV, env.DOCS_PUBLIC),
    metricsToken: env.METRICS_TOKEN,
  }),
});

const TOOL_PROCESS_VARIABLES = ['NODE_ENV', 'SANDBOX', 'DATA_DIR', 'LOG_LEVEL'] as const;

/**
 * The part of this area a command-line tool reads (which environment, where local state is, how
 * much to log), with the same rules; where it would listen and what it would serve are not its
 * business.
 */
export const toolProcessArea = defineArea({
  variables: serverArea.variables.pick({
    NODE_ENV: true,
    SANDBOX: true,
    DATA_DIR: true,
    LOG_LEVEL: true,
  }),
  shown: TOOL_PROCESS_VARIABLES,
  check: (env, context) => serverArea.check(env, context),
  build: (env, context): Pick<TServerConfig, 'nodeEnv' | 'sandbox' | 'dataDir' | 'logLevel'> => ({
    nodeEnv: env.NODE_ENV,
    sandbox: context.sandbox,
    dataDir: context.dataDir,
    logLevel: env.LOG_LEVEL,
  }),
});
