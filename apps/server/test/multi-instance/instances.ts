/**
 * Real server processes for the multi-instance tests: `tsx src/server.ts` as the README runs it,
 * each on its own port, against one database and one DATA_DIR (so they share the sandbox keys).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { freePort } from '../helpers/free-port.js';
import { SERVER_DIR, TSX } from '../helpers/server-entry.js';

/** Two busy cores shared with other test files: compiling and booting a server can take minutes. */
export const BOOT_TIMEOUT_MS = 240_000;
export const METRICS_TOKEN = 'multi-instance-metrics-token';

/**
 * A DATA_DIR whose sandbox keys exist before any instance starts, as a deployment provides the
 * same keys to every instance.
 */
export async function sharedDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pledge-instances-'));
  loadConfig({ SANDBOX: 'true', DATA_DIR: dir });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Polls until `check` answers true; throws with `what` when the time is up. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface TInstance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** What the process wrote to stderr and stdout so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

export async function startInstance(options: {
  name: string;
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<TInstance> {
  const port = await freePort();
  const child = spawn(TSX, ['src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      SANDBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      WEB_DIST: '/nonexistent/web-dist',
      LOG_LEVEL: 'warn',
      // Behind a load balancer: the client address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const instance: TInstance = {
    name: options.name,
    port,
    url,
    process: child,
    output: () => output,
    exited,
    fetch: (pathAndQuery, init) => fetch(`${url}${pathAndQuery}`, init),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  return instance;
}

/** Waits until the instance answers ready; fails early, with its output, when it exits. */
export async function waitUntilReady(instance: TInstance): Promise<void> {
  let hasExited = false;
  void instance.exited.then(() => (hasExited = true));
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  for (;;) {
    if (hasExited) {
      throw new Error(`${instance.name} exited while starting:\n${instance.output()}`);
    }
    const ready = await instance
      .fetch('/readyz')
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) {
      throw new Error(`${instance.name} was not ready in time:\n${instance.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops every instance still running (SIGKILL after the drain time), for afterAll. */
export async function stopAll(instances: readonly (TInstance | undefined)[]): Promise<void> {
  await Promise.all(
    instances.map(async (instance) => {
      if (instance === undefined) return;
      const timer = setTimeout(() => instance.process.kill('SIGKILL'), 20_000);
      await instance.stop();
      clearTimeout(timer);
    }),
  );
}

export interface TInstancesOnOneDatabase {
  readonly database: TTestDatabase;
  /** In the order of their specs. */
  readonly instances: readonly TInstance[];
}

/**
 * A test file's instances: a database of their own (migrated, or empty with `migrate: false` for
 * them to migrate) and one DATA_DIR, all started together and ready before the first test, and
 * stopped, dropped and removed after the last. Read the fields inside the tests, not at collection.
 */
export function useInstancesOnOneDatabase(
  specs: readonly { name: string; env?: Record<string, string> }[],
  options: { migrate?: boolean } = {},
): TInstancesOnOneDatabase {
  const world = { instances: [] as TInstance[] } as {
    database: TTestDatabase;
    instances: TInstance[];
  };
  let dataDir: Awaited<ReturnType<typeof sharedDataDir>> | undefined;
  beforeAll(async () => {
    world.database = await createTestDatabase(options);
    dataDir = await sharedDataDir();
    const common = { databaseUrl: world.database.url, dataDir: dataDir.dir };
    world.instances = await Promise.all(specs.map((spec) => startInstance({ ...common, ...spec })));
    await Promise.all(world.instances.map(waitUntilReady));
  }, BOOT_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    await stopAll(world.instances);
    await world.database?.drop();
    await dataDir?.remove();
  }, 60_000);
  return world;
}
