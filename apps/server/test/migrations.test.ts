import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.js';
import { createDatabase } from '../src/db/pool.js';
import { SANDBOX_DEFAULT_PRICE_CENTS } from '../src/db/seed.js';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.js';
import { sandboxPrices } from '../src/db/schema/index.js';
import { createTestDatabase, type TTestDatabase, appliedMigrationCount } from './helpers/db.js';
import { seedSandboxDemo } from './helpers/seeded-db.js';

describe('migrations and seed', () => {
  let database: TTestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  it('applies every migration once when several instances boot together', async () => {
    database = await createTestDatabase({ migrate: false });
    const instances = [1, 2, 3].map(() => createDatabase((database as TTestDatabase).url));
    try {
      await Promise.all(instances.map((instance) => runMigrations(instance.pool)));
    } finally {
      await Promise.all(instances.map((instance) => instance.pool.end()));
    }
    const journal = (await import('../src/db/migrations/meta/_journal.json')).default;
    expect(await appliedMigrationCount(database.pool)).toBe(journal.entries.length);
    // The migrations must build exactly what the drizzle schema declares: every table, every column.
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table));
    const columns = await database.pool.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const actual = new Map<string, string[]>();
    for (const row of columns.rows) {
      actual.set(row.table_name, [...(actual.get(row.table_name) ?? []), row.column_name]);
    }
    expect([...actual.keys()].sort()).toEqual(declared.map((table) => table.name).sort());
    for (const table of declared) {
      expect(actual.get(table.name)?.sort(), table.name).toEqual(
        table.columns.map((column) => column.name).sort(),
      );
    }
  });

  it('is a no-op the second time', async () => {
    database = await createTestDatabase();
    await expect(runMigrations(database.pool)).resolves.toBeUndefined();
  });

  it('seeds the default sandbox prices once', async () => {
    database = await createTestDatabase();
    await seedSandboxDemo(database.db);
    await seedSandboxDemo(database.db);
    const rows = await database.db.select().from(sandboxPrices);
    expect(Object.fromEntries(rows.map((row) => [row.collateralType, row.priceCents]))).toEqual(
      SANDBOX_DEFAULT_PRICE_CENTS,
    );
  });
});
