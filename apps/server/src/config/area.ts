/**
 * What every area of the configuration is made of (config.ts composes them): its variables, each
 * with its own schema so that one bad value hides no other; which of them a message may repeat;
 * which are secrets of a real deployment; the rules between them; and its part of TConfig, made
 * only once the whole environment is valid.
 */
import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type TNodeEnv = (typeof NODE_ENVS)[number];

/** One problem of the environment: the variable it is about, and what is wrong. */
export interface TIssue {
  name: string;
  message: string;
}

/** What the rules between variables know beyond their own area's values. */
export interface TCheckContext {
  /** Whether a variable is set (not empty), whether or not its value parsed. */
  isSet: (name: string) => boolean;
  /** NODE_ENV, when it parsed. */
  nodeEnv: TNodeEnv | undefined;
  /** SANDBOX, when it is set and parsed. */
  sandbox: boolean | undefined;
  /** SANDBOX is known to be off (a SANDBOX that did not parse waits for its fix). */
  isOutsideSandbox: boolean;
  repoRoot: string;
}

/** What every area's part of TConfig may depend on, the environment being valid. */
export interface TBuildContext {
  repoRoot: string;
  nodeEnv: TNodeEnv;
  sandbox: boolean;
  /** DATA_DIR resolved from the repository root. */
  dataDir: string;
}

export interface TConfigArea<TShape extends z.ZodRawShape, TPart extends object> {
  variables: z.ZodObject<TShape>;
  /**
   * Plain settings whose values a message repeats: never a key, a secret, an address or a URL
   * (which may carry credentials). Any other variable is named without its value.
   */
  shown: readonly (keyof TShape & string)[];
  /**
   * Secrets of a real deployment. The sandbox needs none of them (it generates its keys and talks
   * to no real service), so SANDBOX=true beside any of them stops the boot.
   */
  sandboxSecrets: readonly (keyof TShape & string)[];
  /**
   * Rules between variables, on what parsed (a variable that did not parse already has its line;
   * its dependants are judged on presence only, so one mistake is not reported three times).
   */
  check: (env: Partial<z.output<z.ZodObject<TShape>>>, context: TCheckContext) => TIssue[];
  build: (env: z.output<z.ZodObject<TShape>>, context: TBuildContext) => TPart;
}

/** An area, with no shown values, no secrets and no rules unless it names them. */
export function defineArea<TShape extends z.ZodRawShape, TPart extends object>(
  area: Pick<TConfigArea<TShape, TPart>, 'variables' | 'build'> &
    Partial<TConfigArea<TShape, TPart>>,
): TConfigArea<TShape, TPart> {
  return { shown: [], sandboxSecrets: [], check: () => [], ...area };
}

/** Turns the errors of a file or key reader into the configuration's error. */
export function asConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

export const ZBooleanText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ZPort = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

export const ZNotEmpty = z.string().trim().min(1, 'must not be empty');

/** An http(s) URL without its trailing slashes. */
export const ZHttpBaseUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** A whole number of `unit` within [min, max], with one message for each way to miss. */
export function ZWholeNumber(unit: string, min: number, max: number) {
  const range = `must be between ${min} and ${max} ${unit}`;
  return z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int('must be a whole number')
    .min(min, range)
    .max(max, range);
}

/**
 * Two variables set together or not at all: the missing one is named; when they are, the issues
 * `whenTogether` finds (what the pair needs beyond that, none unless given).
 */
export function setTogether(
  context: TCheckContext,
  first: string,
  second: string,
  message: string,
  whenTogether: () => TIssue[] = () => [],
): TIssue[] {
  if (context.isSet(first) === context.isSet(second)) return whenTogether();
  return [{ name: context.isSet(first) ? second : first, message }];
}

/** Variables a real deployment needs: each one missing outside the sandbox. */
export function requiredOutsideSandbox(context: TCheckContext, names: readonly string[]): TIssue[] {
  if (!context.isOutsideSandbox) return [];
  return names
    .filter((name) => !context.isSet(name))
    .map((name) => ({ name, message: 'is required when SANDBOX is off' }));
}
