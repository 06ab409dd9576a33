/**
 * Migrations as a deployment runs them: each applied migration named in one log line, an older
 * version's database brought up to date, a database a newer version only expanded served as it is,
 * and one a newer version's contract migration took beyond this version refused (by the migrate
 * step and by the server's boot, each with the reason and exit code 1; db/schema-compat.ts).
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_COMPAT_LEVEL } from '../../src/db/schema-compat.js';
import {
  applyMigrations,
  SchemaTooNewError,
  shippedMigrations,
  type TMigrationLog,
} from '../../src/db/migrate.js';
import { appliedMigrationCount, createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { migrationsBefore } from '../helpers/migrations-before.js';
import { runServerEntry } from '../helpers/server-entry.js';
import { useTempDir } from '../helpers/temp-dir.js';

/** Two busy cores: compiling and booting a process with tsx can take a while. */
const PROCESS_TIMEOUT_MS = 150_000;

function captureLog(): TMigrationLog & { lines: { fields: object; message: string }[] } {
  const lines: { fields: object; message: string }[] = [];
  return { lines, info: (fields, message) => lines.push({ fields, message }) };
}

const appliedCount = (database: TTestDatabase) => appliedMigrationCount(database.pool);

/** What the previous version shipped: this version's migrations without the newest. */
let olderFolder: string;
const shipped = shippedMigrations();
const newest = shipped.at(-1);

beforeAll(() => {
  olderFolder = migrationsBefore(newest?.tag ?? '');
});
afterAll(() => rmSync(olderFolder, { recursive: true, force: true }));

describe('migrations of a deployment', () => {
  let database: TTestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('names every migration it applies in one log line, and none the second time', async () => {
    database = await createTestDatabase({ migrate: false });
    const log = captureLog();
    const applied = await applyMigrations(database.pool, { log });
    expect(applied).toEqual(shipped.map((migration) => migration.tag));
    expect(log.lines).toEqual([
      {
        fields: { migrations: applied, shipped: shipped.length },
        message: `applied ${shipped.length} migrations: ${applied.join(', ')}`,
      },
    ]);

    const again = captureLog();
    expect(await applyMigrations(database.pool, { log: again })).toEqual([]);
    expect(again.lines.map((line) => line.message)).toEqual([
      `database schema is current (${shipped.length} migrations, newest ${newest?.tag})`,
    ]);
    expect(await appliedCount(database)).toBe(shipped.length);
  });

  it("brings an older version's database up to date, naming what it applied", async () => {
    database = await createTestDatabase({ migrate: false });
    await applyMigrations(database.pool, { migrationsFolder: olderFolder });
    const log = captureLog();
    expect(await applyMigrations(database.pool, { log })).toEqual([newest?.tag]);
    expect(log.lines.map((line) => line.message)).toEqual([`applied 1 migration: ${newest?.tag}`]);
  });

  it('serves, changing nothing, a database a newer version only expanded', async () => {
    database = await createTestDatabase();
    const before = await appliedCount(database);
    const log = captureLog();
    await expect(
      applyMigrations(database.pool, { migrationsFolder: olderFolder, log }),
    ).resolves.toEqual([]);
    const older = shippedMigrations(olderFolder).at(-1)?.tag;
    expect(log.lines.map((line) => line.message)).toEqual([
      expect.stringContaining(
        `database schema is newer than this version (it holds 1 migration this version does not ship`,
      ),
    ]);
    expect(log.lines[0]?.message).toContain(`this version's newest is ${older}`);
    expect(await appliedCount(database)).toBe(before);
  });

  it('refuses, changing nothing, a database a newer version contracted beyond it', async () => {
    database = await createTestDatabase();
    await database.pool.query(
      "UPDATE schema_compat SET min_release_level = $1, reason = 'a column dropped'",
      [RELEASE_COMPAT_LEVEL + 1],
    );
    const before = await appliedCount(database);
    const refusal = applyMigrations(database.pool, { migrationsFolder: olderFolder });
    await expect(refusal).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(refusal).rejects.toThrow(
      `The database schema is newer than this version of the server: it holds 1 migration this version does not ship`,
    );
    await expect(refusal).rejects.toThrow('(a column dropped)');
    expect(await appliedCount(database)).toBe(before);
    // The lock was released: the version that knows the migration still migrates.
    await expect(
      applyMigrations(database.pool, { releaseLevel: RELEASE_COMPAT_LEVEL + 1 }),
    ).resolves.toEqual([]);
  });
});

/** Runs a server entry point against a database, logging at info; answers its exit code and output. */
function runEntry(entry: string, env: Record<string, string>) {
  return runServerEntry(
    entry,
    { LOG_LEVEL: 'info', ...env },
    { timeoutMs: PROCESS_TIMEOUT_MS - 10_000 },
  );
}

describe('a database a newer version contracted beyond this one', () => {
  let database: TTestDatabase;
  const dataDir = useTempDir('schema-version');
  beforeAll(async () => {
    database = await createTestDatabase();
    // A contract migration made after every one this version ships, as a newer version records it.
    await database.pool.query(
      'INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)',
      ['a-newer-version', (newest?.when ?? 0) + 86_400_000],
    );
    await database.pool.query(
      "UPDATE schema_compat SET min_release_level = $1, reason = 'a column dropped'",
      [RELEASE_COMPAT_LEVEL + 1],
    );
  });
  afterAll(() => database.drop());

  it(
    'stops the migrate step and the boot with the reason and exit code 1',
    async () => {
      const message = 'The database schema is newer than this version of the server';
      const [migrate, boot] = await Promise.all([
        runEntry('src/deploy/migrate-database.ts', { DATABASE_URL: database.url }),
        runEntry('src/server.ts', {
          NODE_ENV: 'test',
          SANDBOX: 'true',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir(),
          PORT: '4759',
          WEB_DIST: '/nonexistent/web-dist',
        }),
      ]);
      expect(migrate.code, migrate.output).toBe(1);
      expect(migrate.output).toContain(message);
      expect(migrate.output).toContain('(a column dropped)');
      expect(boot.code, boot.output).toBe(1);
      expect(boot.output).toContain(message);
      expect(boot.output).toContain('(a column dropped)');
      expect(boot.output).not.toContain('Listening on');
      // Nothing was applied or recorded by either.
      expect(await appliedCount(database)).toBe(shipped.length + 1);
    },
    PROCESS_TIMEOUT_MS,
  );
});
