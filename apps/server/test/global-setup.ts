/**
 * Chooses the PostgreSQL server the tests create their databases on: TEST_DATABASE_URL, else a
 * local server at 127.0.0.1:5432 (user postgres, trust auth) when one answers, else an embedded
 * PostgreSQL started here for the whole run (TEST_DATABASE_URL=embedded forces that one).
 *
 * It also migrates one template database for the run (helpers/db.ts clones it for each test file
 * instead of migrating a new database each time: a clone takes a tenth of a second, the
 * migrations seconds). The template is named by a digest of what the migrations apply, so a run
 * with other migrations builds its own and one with the same reuses it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.js';
import { createDatabase } from '../src/db/pool.js';
import { freePort } from './helpers/free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the maintenance database of the test server, for CREATE/DROP DATABASE. */
    adminDatabaseUrl: string;
    /** The migrated database each test file's database is cloned from. */
    templateDatabase: string;
    /** The start of the name of every database this run makes (dropped when the run ends). */
    runDatabasePrefix: string;
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

const TEMPLATE_PREFIX = 'pledge_test_template_';
/** The start of a template's comment, followed by the time it was built. */
const TEMPLATE_BUILT = 'migrated template, built ';

/** A digest of everything runMigrations applies: the migrations and the job queue's schema. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.sql') || name.endsWith('.json'))
      .sort()
      .map((name) => path.join(MIGRATIONS_DIR, name)),
    new URL('../src/jobs/queue-schema.ts', import.meta.url).pathname,
    new URL('../src/db/migrate.ts', import.meta.url).pathname,
  ];
  for (const file of files)
    hash.update(file.slice(file.lastIndexOf('/'))).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The run's template: built under a name of its own and renamed when migrated, so that a run that
 * stops halfway leaves no half-migrated template, and two runs at once both end with a whole one.
 */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsDigest()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `pledge_test_building_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(building)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = createDatabase(url.toString());
      try {
        await runMigrations(database.pool);
      } finally {
        await database.pool.end();
      }
      await admin.query(
        `COMMENT ON DATABASE ${admin.escapeIdentifier(building)} IS ${admin.escapeLiteral(`${TEMPLATE_BUILT}${new Date().toISOString()}`)}`,
      );
      try {
        await admin.query(
          `ALTER DATABASE ${admin.escapeIdentifier(building)} RENAME TO ${admin.escapeIdentifier(name)}`,
        );
      } catch (error) {
        // Another run finished the same template first: this copy is not needed.
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(building)}`);
        const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (again.rowCount === 0) throw error;
      }
    }
    // Templates of other migrations are left by earlier runs: removed a day after they were built.
    // Not sooner: a run of other migrations (another checkout, the release before) may be cloning
    // its template on the same server right now, and a template is in use by nobody between clones.
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE datname LIKE $1 AND datname <> $2
          AND coalesce(substring(shobj_description(oid, 'pg_database') FROM $3)::timestamptz, '-infinity')
              < now() - interval '1 day'`,
      [`${TEMPLATE_PREFIX}%`, name, `^${TEMPLATE_BUILT}(.*)$`],
    );
    for (const row of stale.rows) {
      await admin
        .query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(row.datname)}`)
        .catch(() => undefined);
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Drops what the run's databases left: each worker keeps a migrated database made ahead for its
 * next file (helpers/db.ts), and a file stopped halfway may not have dropped its own.
 */
async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A worker that ended while making its spare leaves the CREATE DATABASE running on the server,
    // not yet listed: waited for (a few seconds at most), so that its database is dropped too.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const making = await admin.query(
        `SELECT 1 FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND state = 'active'
            AND starts_with(query, $1)`,
        // As helpers/db.ts writes it (the name quoted by escapeIdentifier).
        [`CREATE DATABASE "${prefix}`],
      );
      if (making.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [prefix],
    );
    // Not WITH (FORCE): a database something still holds is left, rather than its connections
    // ended under a process that may still be reporting.
    for (const row of left.rows) {
      await admin
        .query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(row.datname)}`)
        .catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `pledge_test_${randomBytes(4).toString('hex')}_`;
  const provideServer = async (adminUrl: string) => {
    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('templateDatabase', await ensureTemplate(adminUrl));
    project.provide('runDatabasePrefix', prefix);
  };
  const configured = process.env.TEST_DATABASE_URL;
  const forceEmbedded = configured === 'embedded';
  if (configured !== undefined && configured !== '' && !forceEmbedded) {
    await provideServer(configured);
    return () => dropRunDatabases(configured, prefix);
  }
  if (!forceEmbedded && (await answers(LOCAL_SERVER_URL))) {
    await provideServer(LOCAL_SERVER_URL);
    return () => dropRunDatabases(LOCAL_SERVER_URL, prefix);
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
  await provideServer(url.toString());
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
