import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/pool.js';
import { createTestDatabase } from './helpers/db.js';

describe('pool limits', { timeout: 60_000 }, () => {
  it('sets the statement timeout on every connection and keeps to the pool size', async () => {
    const database = await createTestDatabase();
    const limited = createDatabase(database.url, { maxConnections: 3, statementTimeoutMs: 300 });
    try {
      // Three connections at once, each with the timeout.
      const clients = await Promise.all([1, 2, 3].map(() => limited.pool.connect()));
      try {
        for (const client of clients) {
          const shown = await client.query<{ statement_timeout: string }>('SHOW statement_timeout');
          expect(shown.rows[0]?.statement_timeout).toBe('300ms');
        }
        expect(limited.pool.totalCount).toBe(3);
      } finally {
        for (const client of clients) client.release();
      }
      await expect(limited.pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({
        code: '57014',
      });
      await expect(limited.pool.query('SELECT 1 AS one')).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    } finally {
      await limited.pool.end();
      await database.drop();
    }
  });
});
