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
 *   data in DATA_DIR/pg.
 * - DATA_DIR [./data]: local state (embedded database, sandbox keys); relative paths are resolved
 *   from the repository root, not from the working directory.
 * - EMBEDDED_PG_PORT [54329]: port of the embedded PostgreSQL.
 * - LOG_LEVEL [info]: fatal, error, warn, info, debug, trace or silent.
 * - WEB_DIST [apps/web/dist]: the built web app; relative paths are resolved from the repository root.
 * - ENCRYPTION_KEY: base64 of 32 bytes (AES-256-GCM key for data at rest). Required when not in
 *   sandbox; in sandbox, generated once and kept in DATA_DIR/keys/encryption-key (mode 0600).
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
 *   key, set together. Needed outside the sandbox (the sandbox bureau answers by test SSN); the boot
 *   stops without them.
 * - PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV [sandbox]: the Plaid account bank linking uses (PLAID_ENV
 *   sandbox or production), the first two set together. Without them outside the sandbox, linking a
 *   bank answers unavailable (a warning at boot) and borrowers enter their bank details by hand; the
 *   sandbox links its own test banks with user_good / pass_good.
 * - JOB_WORKER [true]: run the background job worker in this process (false for web-only instances).
 * - JOB_RETENTION_DAYS [7], JOB_FAILED_RETENTION_DAYS [30]: finished jobs are deleted this many days
 *   after they were done, or failed for good (a periodic job of the worker).
 * - BTC_XPUB, ETH_XPUB: account public keys deposit addresses are derived from (BIP84 m/84'/0'/0' as
 *   xpub or zpub; BIP44 m/44'/60'/0' as xpub), set together; the server never holds a private key.
 *   Required when not in sandbox; in sandbox, made once from a random seed that is not kept, and
 *   only the public keys are stored in DATA_DIR/keys/chain-account-keys.json.
 * - ESPLORA_URL: an Esplora HTTP API (e.g. https://blockstream.info/api) that watches BTC deposits;
 *   ETH_RPC_URL: an Ethereum JSON-RPC endpoint that watches ETH deposits. Required when not in sandbox.
 * - CHAIN_CONFIRMATIONS_BTC [3], CHAIN_CONFIRMATIONS_ETH [12]: confirmations after which a deposit
 *   counts toward the collateral.
 * - STORAGE_DRIVER [local]: where uploaded IDs and generated PDFs are kept (always encrypted):
 *   `local` (files under STORAGE_DIR) or `s3` (an S3-compatible bucket).
 * - STORAGE_DIR [DATA_DIR/uploads]: the local store's directory; relative paths are resolved from the
 *   repository root.
 * - S3_BUCKET, S3_REGION [us-east-1], S3_ENDPOINT [AWS], S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
 *   S3_FORCE_PATH_STYLE [false]: the bucket when STORAGE_DRIVER=s3 (bucket and keys required then).
 * - SANDBOX_AUTO_REVIEW [true in the sandbox]: approve uploaded IDs automatically after a short
 *   delay, standing in for an agent's review. Refused outside the sandbox.
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

const ZRetentionDays = z.coerce
  .number({ error: 'must be a number of days' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(3650, 'must be at most 3650');

const ZEnv = z
  .object({
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
    ENCRYPTION_KEY: z
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
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SANDBOX === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX'],
        message: 'must not be true when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'is required when NODE_ENV=production',
      });
    }
    const sandbox = env.SANDBOX ?? false;
    if (!sandbox && env.ENCRYPTION_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY'],
        message: 'is required when SANDBOX is off',
      });
    }
    if ((env.CREDIT_BUREAU_URL === undefined) !== (env.CREDIT_BUREAU_API_KEY === undefined)) {
      const missing =
        env.CREDIT_BUREAU_URL === undefined ? 'CREDIT_BUREAU_URL' : 'CREDIT_BUREAU_API_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required together with the other CREDIT_BUREAU_ variable',
      });
    }
    if ((env.PLAID_CLIENT_ID === undefined) !== (env.PLAID_SECRET === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PLAID_CLIENT_ID === undefined ? 'PLAID_CLIENT_ID' : 'PLAID_SECRET'],
        message: 'is required together with the other PLAID_ variable',
      });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when STORAGE_DRIVER=s3',
          });
        }
      }
    }
    if ((env.BTC_XPUB === undefined) !== (env.ETH_XPUB === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.BTC_XPUB === undefined ? 'BTC_XPUB' : 'ETH_XPUB'],
        message: 'is required together with the other account public key',
      });
    }
    if (!sandbox && env.SANDBOX_AUTO_REVIEW === true) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_AUTO_REVIEW'],
        message: 'must not be true when SANDBOX is off',
      });
    }
    if (!sandbox) {
      for (const name of ['JWT_PRIVATE_KEY', 'SMTP_URL', 'MAIL_FROM'] as const) {
        if (env[name] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when SANDBOX is off',
          });
        }
      }
    }
  });

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
  encryptionKey: Buffer;
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
  /** Where files are kept (encrypted): a local directory or an S3-compatible bucket. */
  storage: TStorageConfig;
  /** Sandbox only: uploaded IDs are approved by a job instead of an agent. */
  sandboxAutoReview: boolean;
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
  | { driver: 'local'; dir: string }
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

/** Variables whose values never appear in a message (keys, URLs with credentials). */
const SECRET_VARIABLES = [
  'ENCRYPTION_KEY',
  'DATABASE_URL',
  'JWT_PRIVATE_KEY',
  'SMTP_URL',
  'CREDIT_BUREAU_API_KEY',
  'PLAID_SECRET',
  'S3_SECRET_ACCESS_KEY',
];

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
  const lines = issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    // Never echo secrets back into logs.
    const shown = value === undefined || SECRET_VARIABLES.includes(name) ? '' : ` (got "${value}")`;
    return `  ${name} ${issue.message}${shown}`;
  });
  return `Invalid configuration:\n${lines.join('\n')}`;
}

function sandboxJwtKey(dataDir: string): KeyObject {
  try {
    return loadOrCreateSandboxJwtKey(dataDir);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads and validates the environment. Throws ConfigError with a readable message. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  repoRoot: string = findRepoRoot(),
): TConfig {
  // An empty variable means "not set", as most process managers cannot unset a variable.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = ZEnv.safeParse(present);
  const issues = [...(parsed.error?.issues ?? []), ...sandboxConflicts(present)];
  if (!parsed.success || issues.length > 0) throw new ConfigError(formatIssues(issues, present));
  const values = parsed.data;

  const sandbox = values.SANDBOX ?? false;
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  const encryptionKey = values.ENCRYPTION_KEY ?? loadOrCreateSandboxKey(dataDir);

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
        : {
            driver: 'local',
            dir: path.resolve(
              repoRoot,
              values.STORAGE_DIR ?? path.join(values.DATA_DIR, 'uploads'),
            ),
          },
    sandboxAutoReview: values.SANDBOX_AUTO_REVIEW ?? sandbox,
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
