/**
 * The server's configuration: read from the environment once at boot, validated with zod. Each
 * area of it (config/*.ts) lists, parses and checks its own variables and documents them with
 * their defaults; this module composes them in one pass, so that a bad environment stops the boot
 * with every problem of every area in one message, naming each variable and never a secret.
 *
 * An empty variable means "not set", as most process managers cannot unset a variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { addressArea } from './config/address.js';
import { ConfigError, type TCheckContext, type TIssue } from './config/area.js';
import { bankArea, type TBankConfig } from './config/bank.js';
import { brandsArea, type TBrandsConfig } from './config/brands.js';
import { chainArea, type TChainConfig } from './config/chain.js';
import { creditBureauArea, type TCreditBureauConfig } from './config/credit-bureau.js';
import { databaseArea, type TDatabaseConfig } from './config/database.js';
import { formatIssues } from './config/issues.js';
import { jobsArea, type TJobsConfig } from './config/jobs.js';
import { keysArea, type TKeysConfig } from './config/keys.js';
import { limitsArea, type TLimitsConfig } from './config/limits.js';
import { mailArea, type TMailConfig } from './config/mail.js';
import { findRepoRoot } from './config/repo-root.js';
import { sandboxArea, sandboxConflicts, type TSandboxConfig } from './config/sandbox.js';
import { serverArea, type TServerConfig } from './config/server.js';
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

/** Every variable of every area. */
const ZEnv = z.object({
  ...serverArea.variables.shape,
  ...databaseArea.variables.shape,
  ...limitsArea.variables.shape,
  ...keysArea.variables.shape,
  ...mailArea.variables.shape,
  ...creditBureauArea.variables.shape,
  ...bankArea.variables.shape,
  ...jobsArea.variables.shape,
  ...chainArea.variables.shape,
  ...storageArea.variables.shape,
  ...sandboxArea.variables.shape,
  ...addressArea.variables.shape,
  ...brandsArea.variables.shape,
});
type TEnvValues = z.output<typeof ZEnv>;

/** The variables whose values a message repeats (plain settings, never a secret or a URL). */
const SHOWN_VARIABLES: ReadonlySet<string> = new Set(AREAS.flatMap((area) => area.shown));

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

/**
 * Parses every variable on its own (one bad value does not hide the others), then each area's
 * rules between its variables: every problem of the environment at once.
 */
function parseEnvironment(
  present: Record<string, string | undefined>,
  repoRoot: string,
): { values: Partial<TEnvValues>; issues: TIssue[] } {
  const parsed: Record<string, unknown> = {};
  const issues: TIssue[] = [];
  for (const [name, schema] of Object.entries(ZEnv.shape) as [string, z.ZodType][]) {
    const result = schema.safeParse(present[name]);
    if (result.success) parsed[name] = result.data;
    else for (const issue of result.error.issues) issues.push({ name, message: issue.message });
  }
  const values = parsed as Partial<TEnvValues>;
  const isSet = (name: string) => present[name] !== undefined;
  const context: TCheckContext = {
    isSet,
    nodeEnv: values.NODE_ENV,
    sandbox: values.SANDBOX,
    // SANDBOX that did not parse: the rules that depend on it wait for it to be fixed.
    isOutsideSandbox:
      (!isSet('SANDBOX') || values.SANDBOX !== undefined) && values.SANDBOX !== true,
    repoRoot,
  };
  for (const area of AREAS) issues.push(...area.check(values, context));
  issues.push(...sandboxConflicts(context, SANDBOX_CONFLICTING_SECRETS));
  return { values, issues };
}

/** Reads and validates the environment. Throws ConfigError with a readable message. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  repoRoot: string = findRepoRoot(),
): TConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = parseEnvironment(present, repoRoot);
  if (parsed.issues.length > 0) {
    throw new ConfigError(formatIssues(parsed.issues, present, SHOWN_VARIABLES));
  }
  // Every variable parsed: the values are complete.
  const values = parsed.values as TEnvValues;
  const context = {
    repoRoot,
    nodeEnv: values.NODE_ENV,
    sandbox: values.SANDBOX ?? false,
    dataDir: path.resolve(repoRoot, values.DATA_DIR),
  };
  return {
    ...serverArea.build(values, context),
    ...databaseArea.build(values, context),
    ...limitsArea.build(values, context),
    ...keysArea.build(values, context),
    ...mailArea.build(values, context),
    ...creditBureauArea.build(values, context),
    ...bankArea.build(values, context),
    ...jobsArea.build(values, context),
    ...chainArea.build(values, context),
    ...storageArea.build(values, context),
    ...sandboxArea.build(values, context),
    ...addressArea.build(values, context),
    ...brandsArea.build(values, context),
  };
}

/**
 * The configuration of a process that cannot start without it: undefined once every problem is
 * written to stderr (the process then exits 1).
 */
export function loadConfigOrReport(): TConfig | undefined {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}
