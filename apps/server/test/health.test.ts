import { describe, expect, it } from 'vitest';
import { withTestApp } from './helpers/test-app.js';

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    await withTestApp(async ({ app }) => {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    });
  });

  it('answers 503 when the database is gone', async () => {
    await withTestApp(async ({ database, app }) => {
      await database.drop();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    });
  });
});
