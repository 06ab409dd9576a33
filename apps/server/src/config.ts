/**
 * The server's configuration: read from the environment once at boot, validated with zod. A bad
 * value stops the boot with a message naming the variable.
 *
 * Variables (default in brackets):
 * - PORT [3000], HOST [127.0.0.1]: where the HTTP server listens.
 * - NODE_ENV [development]: development, test or production, exactly (anything else stops the boot,
 *   so that a mistyped `Production` never passes for a development machine). Production requires
 *   DATABASE_URL.
 * - SANDBOX [false]: sandbox adapters, the seeded demo accounts and the /sandbox/* endpoints; on only
 *   when set to true (`npm start` sets it). Refused with NODE_ENV=production and beside any production
 *   secret (see SANDBOX_CONFLICTING_SECRETS): the sandbox makes its own keys and talks to no real
 *   service, so such a secret means a real deployment switched to the sandbox by mistake.
 * - DATABASE_URL [unset]: a PostgreSQL URL; when unset an embedded PostgreSQL is started with its
 *   data in DATA_DIR/pg (never with NODE_ENV=production, which requires DATABASE_URL).
 * - DATA_DIR [./data]: local state (embedded database, sandbox keys); relative paths are resolved
 *   from the repository root, not from the working directory.
 * - EMBEDDED_PG_PORT [54329]: port of the embedded PostgreSQL.
 * - LOG_LEVEL [info]: fatal, error, warn, info, debug, trace or silent.
 * - WEB_DIST [apps/web/dist]: the built web app; relative paths are resolved from the repository root.
 * - ENCRYPTION_KEY: base64 of 32 bytes (AES-256-GCM key for data at rest). Required when not in
 *   sandbox; in sandbox, generated once and kept in DATA_DIR/keys/encryption-key (mode 0600).
 *   Checked at boot against the check value the database keeps (security/key-check.ts).
 * - ENCRYPTION_KEYS: instead of ENCRYPTION_KEY while rotating keys: comma-separated base64 keys,
 *   the new key first, the old ones after. Values are sealed with the first and read with any; the
 *   re-encrypt job rewrites every sealed value and file to the first (README, "Rotating the
 *   encryption key").
 * - ENCRYPTION_NEXT_KEY [unset]: the first phase of a rotation: a base64 key every instance opens
 *   values with but none seals with yet, so that once instances start sealing with it (listed
 *   first in ENCRYPTION_KEYS) those still restarting read what they write.
 * - PUBLIC_ORIGIN [unset]: the public https origin (e.g. https://loans.example.com), used for
 *   links and to upgrade insecure requests.
 * - TRUST_PROXY [false]: true, false, or the number of proxy hops in front of the server.
 * - JWT_PRIVATE_KEY: PKCS8 PEM of the P-256 key that signs sign-in tokens (ES256; literal "\n" line
 *   breaks are accepted). Required when not in sandbox; in sandbox, generated once and kept in
 *   DATA_DIR/keys/jwt-private-key.pem (mode 0600).
 * - SMTP_URL, MAIL_FROM: the SMTP server (smtp:// or smtps://, credentials in the URL) and the sender
 *   address of e-mails. Required when not in sandbox (the sandbox keeps e-mails in its mailbox).
 * - AGENT_EMAILS [empty]: comma-separated addresses provisioned at boot as agents (sign-in on the
 *   agent audience); the sandbox also provisions agent@example.com.
 * - CREDIT_BUREAU_URL, CREDIT_BUREAU_API_KEY: the soft-inquiry provider (https base URL) and its API
 *   key, set together. Required outside the sandbox (the sandbox bureau answers by test SSN).
 * - PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV [sandbox]: the Plaid account bank linking and ACH
 *   payments (Plaid Transfer) use (PLAID_ENV sandbox or production), the first two set together.
 *   Required when NODE_ENV=production. Without them in development or test outside the sandbox,
 *   linking a bank and ACH debits answer unavailable (a warning at boot), borrowers enter their bank
 *   details by hand and pay by wire; the sandbox links its own test banks with user_good / pass_good
 *   and debits its own bank.
 * - JOB_WORKER [true]: run the background job worker in this process (false for web-only instances).
 * - JOB_RETENTION_DAYS [7], JOB_FAILED_RETENTION_DAYS [30]: finished jobs are deleted this many days
 *   after they were done, or failed for good (a periodic job of the worker).
 * - BTC_XPUB, ETH_XPUB: account public keys deposit addresses are derived from (BIP84 m/84'/0'/0' as
 *   xpub or zpub; BIP44 m/44'/60'/0' as xpub), set together; the server never holds a private key.
 *   Required when not in sandbox; in sandbox, made once from a random seed that is not kept, and
 *   only the public keys are stored in DATA_DIR/keys/chain-account-keys.json.
 * - ESPLORA_URL: an Esplora HTTP API (e.g. https://blockstream.info/api) that watches BTC deposits;
 *   ETH_RPC_URL: an Ethereum JSON-RPC endpoint that watches ETH deposits. Required when not in sandbox.
 * - ADDRESS_API_URL, ADDRESS_API_KEY: the address provider (see adapters/address/config.ts);
 *   validated here with everything else.
 * - CHAIN_CONFIRMATIONS_BTC [3], CHAIN_CONFIRMATIONS_ETH [12]: confirmations after which a deposit
 *   counts toward the collateral.
 * - STORAGE_DRIVER [postgres]: where uploaded IDs, generated PDFs and statements are kept (always
 *   encrypted, reachable from every instance): `postgres` (the stored_files table of the app's
 *   database, included in its backups) or `s3` (an S3-compatible bucket, for large volumes).
 * - STORAGE_DIR [DATA_DIR/uploads]: where versions before shared storage kept files on the local
 *   disk; what is found there is moved to the store at boot (or `npm run migrate-files`), once.
 *   Relative paths are resolved from the repository root.
 * - S3_BUCKET, S3_REGION [us-east-1], S3_ENDPOINT [AWS], S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 *   S3_FORCE_PATH_STYLE [false]: the bucket when STORAGE_DRIVER=s3 (bucket and keys required then).
 * - SANDBOX_AUTO_REVIEW [true in the sandbox]: approve uploaded IDs automatically after a short
 *   delay, standing in for an agent's review. Refused outside the sandbox.
 * - DOCS_PUBLIC [false in production, else true]: serve the OpenAPI document (/docs/json), which
 *   lists every route, the agent console's included; production serves it only when set to true.
 * - BENCH_STATEMENT_COUNT [false]: sandbox only; every answer carries `x-db-statements`, the SQL
 *   statements this instance has sent so far, so that `npm run bench` counts those of a request.
 * - DB_POOL_SIZE [10]: PostgreSQL connections this instance opens at most (instances × size must
 *   stay under the server's max_connections).
 * - DB_STATEMENT_TIMEOUT_MS [30000]: a SQL statement running longer is cancelled (set on every
 *   connection of the pool; migrations at boot are exempt).
 * - DRAIN_TIMEOUT_MS [10000]: on SIGTERM or SIGINT, how long in-flight requests and running jobs
 *   get to finish before the process exits anyway.
 * - METRICS_TOKEN [unset]: the bearer token GET /metrics requires; without it /metrics is not served.
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  loadOrCreateSandboxAccountKeys,
  type TAccountPublicKeys,
} from './adapters/keys/account-keys.js';
import { ExtendedKeyError, parseAccountPublicKey } from './adapters/keys/hd-addresses.js';
import { loadOrCreateSandboxJwtKey, parseJwtPrivateKey } from './security/jwt.js';
import { ZAddressSettings } from './adapters/address/settings.js';
import { brandDataProblems, loadBrandData, type TBrandData } from './brands/brand-data.js';
import {
  JOB_DONE_RETENTION_DAYS_DEFAULT,
  JOB_FAILED_RETENTION_DAYS_DEFAULT,
} from './jobs/definitions/prune-finished-jobs.js';

export const ENCRYPTION_KEY_BYTES = 32;
const SANDBOX_KEY_FILE = 'encryption-key';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'test', 'production'] as const;

/**
 * Secrets of a real deployment. The sandbox needs none of them (it generates its keys and talks to
 * no real service), so SANDBOX=true beside any of them stops the boot instead of serving a sandbox
 * (demo accounts, a readable mailbox) with production data. ADDRESS_API_KEY is read by the address
 * adapter, not here, and checked all the same.
 */
export const SANDBOX_CONFLICTING_SECRETS = [
  'ENCRYPTION_KEY',
  'ENCRYPTION_KEYS',
  'ENCRYPTION_NEXT_KEY',
  'JWT_PRIVATE_KEY',
  'SMTP_URL',
  'CREDIT_BUREAU_API_KEY',
  'PLAID_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'ADDRESS_API_KEY',
] as const;

const ZBooleanText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZPort = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

/** An account public key from which deposit addresses are derived (never a private key). */
const ZAccountKey = z
  .string()
  .trim()
  .refine((value) => {
    try {
      parseAccountPublicKey(value);
      return true;
    } catch (error) {
      if (error instanceof ExtendedKeyError) return false;
      throw error;
    }
  }, 'must be an account extended public key (xpub… or zpub…)');

const ZConfirmations = z.coerce
  .number({ error: 'must be a number of confirmations' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(1000, 'must be at most 1000');

/** A whole number of `unit` within [min, max], with one message for each way to miss. */
function ZWholeNumber(unit: string, min: number, max: number) {
  const range = `must be between ${min} and ${max} ${unit}`;
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int('must be a whole number')
    .min(min, range)
    .max(max, range);
}

const ZRetentionDays = z.coerce
  .number({ error: 'must be a number of days' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(3650, 'must be at most 3650');

/** A data-at-rest key: base64 of 32 bytes. */
const ZEncryptionKey = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const key = decodeKey(value);
    if (key === null) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the base64 encoding of ${ENCRYPTION_KEY_BYTES} bytes`,
      });
      return z.NEVER;
    }
    return key;
  });

const ZEnv = z.object({
  PORT: ZPort.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  NODE_ENV: z
    .enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')} (exact, lower case)` })
    .default('development'),
  SANDBOX: ZBooleanText.optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  EMBEDDED_PG_PORT: ZPort.default(54329),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST: z.string().trim().min(1, 'must not be empty').default('apps/web/dist'),
  ENCRYPTION_KEY: ZEncryptionKey.optional(),
  ENCRYPTION_NEXT_KEY: ZEncryptionKey.optional(),
  ENCRYPTION_KEYS: z
    .string()
    .transform((value, ctx) => {
      const entries = value.split(',').map((entry) => entry.trim());
      const keys: Buffer[] = [];
      entries.forEach((entry, index) => {
        const key = decodeKey(entry);
        if (key === null) {
          ctx.addIssue({
            code: 'custom',
            message: `entry ${index + 1} must be the base64 encoding of ${ENCRYPTION_KEY_BYTES} bytes`,
          });
        } else keys.push(key);
      });
      if (keys.length !== entries.length) return z.NEVER;
      const distinct = new Set(keys.map((key) => key.toString('base64')));
      if (distinct.size !== keys.length) {
        ctx.addIssue({ code: 'custom', message: 'must not list a key twice' });
        return z.NEVER;
      }
      return keys;
    })
    .optional(),
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
  JWT_PRIVATE_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = parseJwtPrivateKey(value);
      if (key === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a PKCS8 PEM of a P-256 private key' });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
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
  CREDIT_BUREAU_URL: z
    .url({ protocol: /^https$/, error: 'must be an https URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  CREDIT_BUREAU_API_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  PLAID_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  PLAID_SECRET: z.string().trim().min(1, 'must not be empty').optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  JOB_WORKER: ZBooleanText.default(true),
  JOB_RETENTION_DAYS: ZRetentionDays.default(JOB_DONE_RETENTION_DAYS_DEFAULT),
  JOB_FAILED_RETENTION_DAYS: ZRetentionDays.default(JOB_FAILED_RETENTION_DAYS_DEFAULT),
  BTC_XPUB: ZAccountKey.optional(),
  ETH_XPUB: ZAccountKey.optional(),
  ESPLORA_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  ETH_RPC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CHAIN_CONFIRMATIONS_BTC: ZConfirmations.default(3),
  CHAIN_CONFIRMATIONS_ETH: ZConfirmations.default(12),
  STORAGE_DRIVER: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value, ctx) => {
      if (value === 'postgres' || value === 's3') return value;
      ctx.addIssue({
        code: 'custom',
        message:
          value === 'local'
            ? "local is no longer offered (other instances cannot read one machine's disk): use postgres (the default) or s3; files found under STORAGE_DIR are moved at boot"
            : 'must be postgres or s3',
      });
      return z.NEVER;
    })
    .default('postgres'),
  STORAGE_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  S3_BUCKET: z.string().trim().min(1, 'must not be empty').optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, 'must not be empty').optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1, 'must not be empty').optional(),
  S3_FORCE_PATH_STYLE: ZBooleanText.default(false),
  SANDBOX_AUTO_REVIEW: ZBooleanText.optional(),
  DOCS_PUBLIC: ZBooleanText.optional(),
  BENCH_STATEMENT_COUNT: ZBooleanText.default(false),
  DB_POOL_SIZE: ZWholeNumber('connections', 1, 1000).default(10),
  DB_STATEMENT_TIMEOUT_MS: ZWholeNumber('milliseconds', 100, 3_600_000).default(30_000),
  DRAIN_TIMEOUT_MS: ZWholeNumber('milliseconds', 1_000, 600_000).default(10_000),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
    .optional(),
  ...ZAddressSettings.shape,
  BRANDS_FILE: z.string().trim().min(1, 'must not be empty').optional(),
});

type TEnvValues = z.output<typeof ZEnv>;

/**
 * Rules between variables, on what parsed (a variable that did not parse already has its line; its
 * dependants are judged on presence only, so one mistake is not reported three times).
 */
function crossChecks(
  env: Partial<TEnvValues>,
  present: Record<string, string | undefined>,
): TIssue[] {
  const issues: TIssue[] = [];
  const add = (name: string, message: string) => issues.push({ path: [name], message });
  const isSet = (name: string) => present[name] !== undefined;
  // SANDBOX that did not parse: the rules that depend on it wait for it to be fixed.
  const sandboxKnown = !isSet('SANDBOX') || env.SANDBOX !== undefined;
  const outsideSandbox = sandboxKnown && env.SANDBOX !== true;
  if (env.NODE_ENV === 'production' && env.SANDBOX === true) {
    add('SANDBOX', 'must not be true when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && !isSet('DATABASE_URL')) {
    add(
      'DATABASE_URL',
      'is required when NODE_ENV=production (the embedded PostgreSQL is for development only)',
    );
  }
  if (isSet('ENCRYPTION_KEY') && isSet('ENCRYPTION_KEYS')) {
    add('ENCRYPTION_KEYS', 'must not be set beside ENCRYPTION_KEY: set one of them');
  }
  if (outsideSandbox && !isSet('ENCRYPTION_KEY') && !isSet('ENCRYPTION_KEYS')) {
    add('ENCRYPTION_KEY', 'is required when SANDBOX is off (or ENCRYPTION_KEYS while rotating)');
  }
  if (isSet('CREDIT_BUREAU_URL') !== isSet('CREDIT_BUREAU_API_KEY')) {
    add(
      isSet('CREDIT_BUREAU_URL') ? 'CREDIT_BUREAU_API_KEY' : 'CREDIT_BUREAU_URL',
      'is required together with the other CREDIT_BUREAU_ variable',
    );
  } else if (outsideSandbox && !isSet('CREDIT_BUREAU_URL')) {
    add('CREDIT_BUREAU_URL', 'is required when SANDBOX is off');
    add('CREDIT_BUREAU_API_KEY', 'is required when SANDBOX is off');
  }
  if (isSet('PLAID_CLIENT_ID') !== isSet('PLAID_SECRET')) {
    add(
      isSet('PLAID_CLIENT_ID') ? 'PLAID_SECRET' : 'PLAID_CLIENT_ID',
      'is required together with the other PLAID_ variable',
    );
  } else if (env.NODE_ENV === 'production' && outsideSandbox && !isSet('PLAID_CLIENT_ID')) {
    for (const name of ['PLAID_CLIENT_ID', 'PLAID_SECRET']) {
      add(name, 'is required when NODE_ENV=production (bank linking and ACH payments)');
    }
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!isSet(name)) add(name, 'is required when STORAGE_DRIVER=s3');
    }
  }
  if (isSet('BTC_XPUB') !== isSet('ETH_XPUB')) {
    add(
      isSet('BTC_XPUB') ? 'ETH_XPUB' : 'BTC_XPUB',
      'is required together with the other account public key',
    );
  } else if (outsideSandbox && !isSet('BTC_XPUB')) {
    add('BTC_XPUB', 'is required when SANDBOX is off');
    add('ETH_XPUB', 'is required when SANDBOX is off');
  }
  if (outsideSandbox) {
    for (const name of ['ESPLORA_URL', 'ETH_RPC_URL', 'JWT_PRIVATE_KEY', 'SMTP_URL', 'MAIL_FROM']) {
      if (!isSet(name)) add(name, 'is required when SANDBOX is off');
    }
    if (env.SANDBOX_AUTO_REVIEW === true) {
      add('SANDBOX_AUTO_REVIEW', 'must not be true when SANDBOX is off');
    }
  }
  return issues;
}

export type TLogLevel = (typeof LOG_LEVELS)[number];
export type TNodeEnv = (typeof NODE_ENVS)[number];

export interface TConfig {
  port: number;
  host: string;
  nodeEnv: TNodeEnv;
  sandbox: boolean;
  /** Unset: the server starts an embedded PostgreSQL. */
  databaseUrl: string | undefined;
  repoRoot: string;
  dataDir: string;
  embeddedPgPort: number;
  logLevel: TLogLevel;
  webDist: string;
  /** The newest encryption key: what values are sealed with. */
  encryptionKey: Buffer;
  /** Every key values may be sealed with, newest first (ENCRYPTION_KEYS, or the one key). */
  encryptionKeys: readonly Buffer[];
  /** A key values are opened with but not sealed with yet (ENCRYPTION_NEXT_KEY), if any. */
  encryptionNextKey: Buffer | undefined;
  publicOrigin: string | undefined;
  trustProxy: boolean | number;
  /** Signs sign-in tokens (ES256). */
  jwtPrivateKey: KeyObject;
  /** Unset in the sandbox, whose e-mails stay in its mailbox. */
  smtp: { url: string; from: string } | undefined;
  /** Lower-case addresses provisioned as agents at boot. */
  agentEmails: string[];
  /** The soft-inquiry provider; unset in the sandbox, whose bureau answers by test SSN. */
  creditBureau: { baseUrl: string; apiKey: string } | undefined;
  /** The Plaid account of bank linking; unset in the sandbox, which links its own test banks. */
  plaid: { clientId: string; secret: string; environment: 'sandbox' | 'production' } | undefined;
  /** Whether this process runs the background job worker. */
  jobWorker: boolean;
  /** Days finished jobs are kept: done, and failed for good. */
  jobRetention: { doneDays: number; failedDays: number };
  /** Where files are kept (encrypted): PostgreSQL or an S3-compatible bucket. */
  storage: TStorageConfig;
  /** Where older versions kept files on the local disk; moved to `storage` at boot. */
  localFilesDir: string;
  /** The brands served, with their contact details (BRANDS_FILE, or the built-in demo brands). */
  brands: TBrandData;
  /** Sandbox only: uploaded IDs are approved by a job instead of an agent. */
  sandboxAutoReview: boolean;
  /** Sandbox only: answers carry the count of SQL statements sent so far (for the bench). */
  benchStatementCount: boolean;
  /** Whether /docs/json is served (docsArePublic). */
  docsPublic: boolean;
  /** Connections this instance's pool opens at most. */
  dbPoolSize: number;
  /** Statements running longer are cancelled by PostgreSQL. */
  dbStatementTimeoutMs: number;
  /** How long a shutdown waits for in-flight requests and running jobs. */
  drainTimeoutMs: number;
  /** The bearer token of GET /metrics; unset: /metrics is not served. */
  metricsToken: string | undefined;
  /** Deposit addresses and the chain watchers (see adapters/chain). */
  chain: TChainConfig;
}

export interface TChainConfig {
  /** Unset outside the sandbox when BTC_XPUB/ETH_XPUB are missing (the boot then stops). */
  keys: TAccountPublicKeys | undefined;
  esploraUrl: string | undefined;
  ethRpcUrl: string | undefined;
  confirmations: { BTC: number; ETH: number };
}

export type TStorageConfig =
  | { driver: 'postgres' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
    };

function decodeKey(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === ENCRYPTION_KEY_BYTES ? key : null;
}

/** The repository root: the nearest ancestor whose package.json declares workspaces. */
export function findRepoRoot(
  startDir: string = path.dirname(fileURLToPath(import.meta.url)),
): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new ConfigError(`No package.json with "workspaces" found above ${startDir}`);
    }
    dir = parent;
  }
}

/**
 * The sandbox encryption key: created once (random) and kept beside the sandbox data so that
 * restarts can still read what was encrypted before.
 */
export function loadOrCreateSandboxKey(dataDir: string): Buffer {
  const keysDir = path.join(dataDir, 'keys');
  const file = path.join(keysDir, SANDBOX_KEY_FILE);
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (key === null) {
      throw new ConfigError(
        `${file} does not hold a base64 key of ${ENCRYPTION_KEY_BYTES} bytes; remove it to generate a new one`,
      );
    }
    return key;
  }
  // DATA_DIR itself keeps the default mode (the embedded database runs as another user and must
  // reach DATA_DIR/pg); only the keys directory is private.
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  // The mode given to writeFileSync is filtered by the umask; make it exact.
  chmodSync(file, 0o600);
  return key;
}

/**
 * The only variables whose values a message repeats: plain settings, never a key, a secret, an
 * address or a URL (which may carry credentials). Any other variable, including ones added later,
 * is named without its value (an `xprv…` in BTC_XPUB stays out of the log).
 */
const SHOWN_VARIABLES = new Set([
  'PORT',
  'HOST',
  'NODE_ENV',
  'SANDBOX',
  'DATA_DIR',
  'EMBEDDED_PG_PORT',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
  'PLAID_ENV',
  'JOB_WORKER',
  'JOB_RETENTION_DAYS',
  'JOB_FAILED_RETENTION_DAYS',
  'CHAIN_CONFIRMATIONS_BTC',
  'CHAIN_CONFIRMATIONS_ETH',
  'STORAGE_DRIVER',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'SANDBOX_AUTO_REVIEW',
  'DB_POOL_SIZE',
  'DB_STATEMENT_TIMEOUT_MS',
  'DRAIN_TIMEOUT_MS',
]);
/** Longest value a message repeats; a longer one is named only. */
const SHOWN_VALUE_MAX_LENGTH = 40;

type TIssue = Pick<z.core.$ZodIssue, 'path' | 'message'>;

/** SANDBOX=true beside production secrets: one issue naming every secret that is set. */
function sandboxConflicts(env: Record<string, string | undefined>): TIssue[] {
  const sandbox = ZBooleanText.safeParse(env.SANDBOX ?? 'false');
  if (!sandbox.success || !sandbox.data) return [];
  const secrets = SANDBOX_CONFLICTING_SECRETS.filter((name) => env[name] !== undefined);
  if (secrets.length === 0) return [];
  return [
    {
      path: ['SANDBOX'],
      message: `must not be true beside production secrets (${secrets.join(', ')} set): unset them, or set SANDBOX=false`,
    },
  ];
}

function formatIssues(issues: readonly TIssue[], env: Record<string, string | undefined>): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    const shown =
      value !== undefined &&
      SHOWN_VARIABLES.has(name) &&
      value.length <= SHOWN_VALUE_MAX_LENGTH &&
      !/[\r\n]/.test(value)
        ? ` (got "${value}")`
        : '';
    const line = `  ${name} ${issue.message}${shown}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  const count = lines.length === 1 ? '1 problem' : `${lines.length} problems`;
  return `Invalid configuration (${count}):\n${lines.join('\n')}`;
}

/**
 * Parses every variable on its own (one bad value does not hide the others), then the rules
 * between them: every problem of the environment at once.
 */
function parseEnvironment(present: Record<string, string | undefined>): {
  values: Partial<TEnvValues>;
  issues: TIssue[];
} {
  const values: Record<string, unknown> = {};
  const issues: TIssue[] = [];
  for (const [name, schema] of Object.entries(ZEnv.shape) as [string, z.ZodType][]) {
    const result = schema.safeParse(present[name]);
    if (result.success) values[name] = result.data;
    else
      for (const issue of result.error.issues)
        issues.push({ path: [name], message: issue.message });
  }
  const partial = values as Partial<TEnvValues>;
  return {
    values: partial,
    issues: [...issues, ...crossChecks(partial, present), ...sandboxConflicts(present)],
  };
}

function sandboxJwtKey(dataDir: string): KeyObject {
  try {
    return loadOrCreateSandboxJwtKey(dataDir);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads and validates the environment. Throws ConfigError with a readable message. */
/**
 * The API's map (every route, the agent console's included) helps an attacker more than anyone in
 * production, so there it is served only when DOCS_PUBLIC=true; elsewhere unless turned off.
 */
export function docsArePublic(nodeEnv: TNodeEnv, docsPublic: boolean | undefined): boolean {
  return docsPublic ?? nodeEnv !== 'production';
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  repoRoot: string = findRepoRoot(),
): TConfig {
  // An empty variable means "not set", as most process managers cannot unset a variable.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = parseEnvironment(present);
  const issues = [...parsed.issues];
  // The brands are part of the configuration: a missing or placeholder brand file is listed too.
  let brands: TBrandData | undefined;
  const brandsFile =
    parsed.values.BRANDS_FILE === undefined
      ? undefined
      : path.resolve(repoRoot, parsed.values.BRANDS_FILE);
  try {
    brands = loadBrandData(brandsFile);
  } catch (error) {
    issues.push({
      path: ['BRANDS_FILE'],
      message: error instanceof Error ? error.message : String(error),
    });
  }
  if (parsed.values.NODE_ENV === 'production' && parsed.values.SANDBOX !== true) {
    if (brandsFile === undefined) {
      issues.push({
        path: ['BRANDS_FILE'],
        message:
          'is required when NODE_ENV=production (the built-in demo brands carry placeholder contact details)',
      });
    } else if (brands !== undefined) {
      for (const problem of brandDataProblems(brands)) {
        issues.push({ path: ['BRANDS_FILE'], message: problem });
      }
    }
  }
  if (issues.length > 0 || brands === undefined)
    throw new ConfigError(formatIssues(issues, present));
  // Every variable parsed: the values are complete.
  const values = parsed.values as TEnvValues;

  const sandbox = values.SANDBOX ?? false;
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  const encryptionKeys = values.ENCRYPTION_KEYS ?? [
    values.ENCRYPTION_KEY ?? loadOrCreateSandboxKey(dataDir),
  ];
  const encryptionKey = encryptionKeys[0] as Buffer;

  return {
    port: values.PORT,
    host: values.HOST,
    nodeEnv: values.NODE_ENV,
    sandbox,
    databaseUrl: values.DATABASE_URL,
    repoRoot,
    dataDir,
    embeddedPgPort: values.EMBEDDED_PG_PORT,
    logLevel: values.LOG_LEVEL,
    webDist: path.resolve(repoRoot, values.WEB_DIST),
    encryptionKey,
    encryptionKeys,
    encryptionNextKey: values.ENCRYPTION_NEXT_KEY,
    publicOrigin: values.PUBLIC_ORIGIN,
    trustProxy: values.TRUST_PROXY,
    jwtPrivateKey: values.JWT_PRIVATE_KEY ?? sandboxJwtKey(dataDir),
    smtp:
      values.SMTP_URL !== undefined && values.MAIL_FROM !== undefined
        ? { url: values.SMTP_URL, from: values.MAIL_FROM }
        : undefined,
    agentEmails: values.AGENT_EMAILS,
    creditBureau:
      values.CREDIT_BUREAU_URL !== undefined && values.CREDIT_BUREAU_API_KEY !== undefined
        ? { baseUrl: values.CREDIT_BUREAU_URL, apiKey: values.CREDIT_BUREAU_API_KEY }
        : undefined,
    plaid:
      values.PLAID_CLIENT_ID !== undefined && values.PLAID_SECRET !== undefined
        ? {
            clientId: values.PLAID_CLIENT_ID,
            secret: values.PLAID_SECRET,
            environment: values.PLAID_ENV,
          }
        : undefined,
    jobWorker: values.JOB_WORKER,
    jobRetention: {
      doneDays: values.JOB_RETENTION_DAYS,
      failedDays: values.JOB_FAILED_RETENTION_DAYS,
    },
    storage:
      values.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: values.S3_BUCKET ?? '',
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
            accessKeyId: values.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: values.S3_SECRET_ACCESS_KEY ?? '',
          }
        : { driver: 'postgres' },
    localFilesDir: path.resolve(
      repoRoot,
      values.STORAGE_DIR ?? path.join(values.DATA_DIR, 'uploads'),
    ),
    brands,
    sandboxAutoReview: values.SANDBOX_AUTO_REVIEW ?? sandbox,
    benchStatementCount: sandbox && values.BENCH_STATEMENT_COUNT,
    docsPublic: docsArePublic(values.NODE_ENV, values.DOCS_PUBLIC),
    dbPoolSize: values.DB_POOL_SIZE,
    dbStatementTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS,
    drainTimeoutMs: values.DRAIN_TIMEOUT_MS,
    metricsToken: values.METRICS_TOKEN,
    chain: {
      keys:
        values.BTC_XPUB !== undefined && values.ETH_XPUB !== undefined
          ? { btc: values.BTC_XPUB, eth: values.ETH_XPUB }
          : sandbox
            ? sandboxAccountKeys(dataDir)
            : undefined,
      esploraUrl: values.ESPLORA_URL,
      ethRpcUrl: values.ETH_RPC_URL,
      confirmations: { BTC: values.CHAIN_CONFIRMATIONS_BTC, ETH: values.CHAIN_CONFIRMATIONS_ETH },
    },
  };
}

function sandboxAccountKeys(dataDir: string): TAccountPublicKeys {
  try {
    return loadOrCreateSandboxAccountKeys(dataDir);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}
