/**
 * The server's configuration: read from the environment once at boot, validated with zod. Each
 * area of it (config/*.ts) lists, parses and checks its own variables and documents them with
 * their defaults; this module composes them in one pass, so that a bad environment stops the boot
 * with every problem of every area in one message, naming each variable and never a secret.
 *
 * An empty variable means "not set", as most process managers cannot unset a variable.
 */
import path from 'node:path';
import type { z } from 'zod';
import { addressArea } from './config/address.js';
import {
  ConfigError,
  type TBuildContext,
  type TCheckContext,
  type TConfigArea,
  type TIssue,
} from './config/area.js';
import { bankArea, type TBankConfig } from './config/bank.js';
import { brandsArea, type TBrandsConfig } from './config/brands.js';
import { chainArea, type TChainConfig } from './config/chain.js';
import { creditBureauArea, type TCreditBureauConfig } from './config/credit-bureau.js';
import { databaseArea, type TDatabaseConfig } from './config/database.js';
import { formatIssues } from './config/issues.js';
import { jobsArea, type TJobsConfig } from './config/jobs.js';
import { encryptionKeysArea, keysArea, type TKeysConfig } from './config/keys.js';
import { limitsArea, type TLimitsConfig } from './config/limits.js';
import { mailArea, type TMailConfig } from './config/mail.js';
import { findRepoRoot } from './config/repo-root.js';
import { sandboxArea, sandboxConflicts, type TSandboxConfig } from './config/sandbox.js';
import { serverArea, toolProcessArea, type TServerConfig } from './config/server.js';
import { storageArea, type TFilesConfig } from './config/storage.js';

export { ConfigError, type TNodeEnv } from './config/area.js';
export { ENCRYPTION_KEY_BYTES } from './config/keys.js';
export { findRepoRoot } from './config/repo-root.js';
export { docsArePublic, type TLogLevel } from './config/server.js';
export type { TChainConfig } from './config/chain.js';
export type { TStorageConfig } from './config/storage.js';

const AREAS = [
  serverArea,
  databaseArea,
  limitsArea,
  keysArea,
  mailArea,
  creditBureauArea,
  bankArea,
  jobsArea,
  chainArea,
  storageArea,
  sandboxArea,
  addressArea,
  brandsArea,
] as const;

type TUnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (
  arg: infer I,
) => void
  ? I
  : never;

/** The values of every variable of every area. */
type TEnvValues = TUnionToIntersection<z.output<(typeof AREAS)[number]['variables']>>;

/** Secrets of a real deployment, refused beside SANDBOX=true (config/sandbox.ts). */
export const SANDBOX_CONFLICTING_SECRETS: readonly string[] = AREAS.flatMap(
  (area) => area.sandboxSecrets,
);

export interface TConfig
  extends
    TServerConfig,
    TDatabaseConfig,
    TLimitsConfig,
    TKeysConfig,
    TMailConfig,
    TCreditBureauConfig,
    TBankConfig,
    TJobsConfig,
    TFilesConfig,
    TSandboxConfig,
    TBrandsConfig {
  /** Deposit addresses and the chain watchers (see adapters/chain). */
  chain: TChainConfig;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- areas of any variables
type TAnyArea = TConfigArea<any, object>;

/**
 * Parses every variable of the areas on its own (one bad value does not hide the others), then
 * each area's rules between its variables: every problem of the environment at once, in one
 * ConfigError naming each variable and never a secret. Answers the values, all parsed.
 */
function parseEnvironment(
  areas: readonly TAnyArea[],
  env: Record<string, string | undefined>,
  repoRoot: string,
): { values: Record<string, unknown>; context: TBuildContext } {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed: Record<string, unknown> = {};
  const issues: TIssue[] = [];
  for (const area of areas) {
    for (const [name, schema] of Object.entries(area.variables.shape) as [string, z.ZodType][]) {
      const result = schema.safeParse(present[name]);
      if (result.success) parsed[name] = result.data;
      else for (const issue of result.error.issues) issues.push({ name, message: issue.message });
    }
  }
  const values = parsed as Partial<Pick<TEnvValues, 'NODE_ENV' | 'SANDBOX' | 'DATA_DIR'>>;
  const isSet = (name: string) => present[name] !== undefined;
  const checkContext: TCheckContext = {
    isSet,
    nodeEnv: values.NODE_ENV,
    sandbox: values.SANDBOX,
    // SANDBOX that did not parse: the rules that depend on it wait for it to be fixed.
    isOutsideSandbox:
      (!isSet('SANDBOX') || values.SANDBOX !== undefined) && values.SANDBOX !== true,
    repoRoot,
  };
  for (const area of areas) issues.push(...area.check(parsed, checkContext));
  issues.push(
    ...sandboxConflicts(
      checkContext,
      areas.flatMap((area) => area.sandboxSecrets),
    ),
  );
  if (issues.length > 0) {
    const shown = new Set(areas.flatMap((area) => area.shown));
    throw new ConfigError(formatIssues(issues, present, shown));
  }
  // Every variable parsed: the values are complete.
  const complete = parsed as Pick<TEnvValues, 'NODE_ENV' | 'SANDBOX' | 'DATA_DIR'>;
  return {
    values: parsed,
    context: {
      repoRoot,
      nodeEnv: complete.NODE_ENV,
      sandbox: complete.SANDBOX ?? false,
      dataDir: path.resolve(repoRoot, complete.DATA_DIR),
    },
  };
}

/** The configuration the areas build together: each area's part, from the checked environment. */
function buildConfig<TAreas extends readonly TAnyArea[]>(
  areas: TAreas,
  env: Record<string, string | undefined>,
  repoRoot: string,
): TUnionToIntersection<ReturnType<TAreas[number]['build']>> {
  const { values, context } = parseEnvironment(areas, env, repoRoot);
  return Object.assign({}, ...areas.map((area) => area.build(values as TEnvValues, context)));
}

/** Reads and validates the environment. Throws ConfigError with a readable message. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  repoRoot: string = findRepoRoot(),
): TConfig {
  return buildConfig(AREAS, env, repoRoot);
}

/** What moving files into the shared store reads (`npm run migrate-files`), and nothing else. */
export type TFilesMigrationConfig = Pick<
  TConfig,
  | 'nodeEnv'
  | 'sandbox'
  | 'dataDir'
  | 'logLevel'
  | 'databaseUrl'
  | 'embeddedPgPort'
  | 'encryptionKey'
  | 'encryptionKeys'
  | 'encryptionNextKey'
  | 'storage'
  | 'localFilesDir'
>;

const FILES_MIGRATION_AREAS = [
  toolProcessArea,
  databaseArea,
  encryptionKeysArea,
  storageArea,
] as const;

/**
 * The configuration of `npm run migrate-files`: the database, the data-at-rest keys and the
 * storage settings, checked like the server's in one pass; the rest of a production environment
 * (mail, bank, chain, sign-in keys…) is neither needed nor checked.
 */
export function loadFilesMigrationConfig(
  env: Record<string, string | undefined> = process.env,
  repoRoot: string = findRepoRoot(),
): TFilesMigrationConfig {
  return buildConfig(FILES_MIGRATION_AREAS, env, repoRoot);
}

/**
 * The configuration of a process that cannot start without it: undefined once every problem is
 * written to stderr (the process then exits 1).
 */
export function loadConfigOrReport(): TConfig | undefined;
export function loadConfigOrReport<T>(load: () => T): T | undefined;
export function loadConfigOrReport(load: () => unknown = loadConfig): unknown {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
