import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../src/db/pool.js';
import { type TTestDatabase, useTestDatabase } from './helpers/db.js';

/** A read that waits 50 ms in the database and answers its label, noting when it starts and ends. */
function slowRead(db: TTestDatabase['db'], label: string, events: string[]) {
  return async () => {
    events.push(`start ${label}`);
    const result = await db.execute<{ label: string }>(
      sql`SELECT ${label}::text AS label FROM pg_sleep(0.05)`,
    );
    events.push(`end ${label}`);
    return result.rows[0]?.label;
  };
}

describe('readAll', () => {
  const database = useTestDatabase({ migrate: false });
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);

  beforeAll(async () => {
    process.on('warning', onWarning);
  });
  afterAll(async () => {
    process.off('warning', onWarning);
  });

  it('runs reads at once on the pool, answering in the order asked', async () => {
    const events: string[] = [];
    const labels = await readAll(database.db, [
      slowRead(database.db, 'first', events),
      slowRead(database.db, 'second', events),
      slowRead(database.db, 'third', events),
    ]);
    expect(labels).toEqual(['first', 'second', 'third']);
    expect(events.slice(0, 3)).toEqual(['start first', 'start second', 'start third']);
  });

  it('runs reads one after another in a transaction, where one connection takes one query', async () => {
    const events: string[] = [];
    const labels = await database.db.transaction((tx) =>
      readAll(tx, [
        slowRead(tx, 'first', events),
        slowRead(tx, 'second', events),
        slowRead(tx, 'third', events),
      ]),
    );
    expect(labels).toEqual(['first', 'second', 'third']);
    expect(events).toEqual([
      'start first',
      'end first',
      'start second',
      'end second',
      'start third',
      'end third',
    ]);
    // Let a warning emitted on the next tick arrive before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.message)).not.toContainEqual(
      expect.stringContaining('already executing a query'),
    );
  });
});
