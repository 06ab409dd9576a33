import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/app.js';
import { createTestDatabase } from './helpers/db.js';

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('answers 503 when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    try {
      await database.drop();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});
