/**
 * Chooses the PostgreSQL server the tests create their databases on: TEST_DATABASE_URL, else a
 * local server at 127.0.0.1:5432 (user postgres, trust auth) when one answers, else an embedded
 * PostgreSQL started here for the whole run (TEST_DATABASE_URL=embedded forces that one).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the maintenance database of the test server, for CREATE/DROP DATABASE. */
    adminDatabaseUrl: string;
  }
}

const LOCAL_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const PROBE_TIMEOUT_MS = 1_500;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.TEST_DATABASE_URL;
  const forceEmbedded = configured === 'embedded';
  if (configured !== undefined && configured !== '' && !forceEmbedded) {
    project.provide('adminDatabaseUrl', configured);
    return async () => undefined;
  }
  if (!forceEmbedded && (await answers(LOCAL_SERVER_URL))) {
    project.provide('adminDatabaseUrl', LOCAL_SERVER_URL);
    return async () => undefined;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pledge-test-pg-'));
  // mkdtemp makes the directory private; as root, PostgreSQL runs as another user that must reach it.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    log: { info: () => undefined, warn: () => undefined, debug: () => undefined },
  });
  const url = new URL(embedded.url);
  url.pathname = '/postgres';
  project.provide('adminDatabaseUrl', url.toString());
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
