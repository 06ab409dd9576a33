import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { exposeStatementCount, STATEMENT_COUNT_HEADER } from '../src/http/statement-count.js';
import { useTestDatabase } from './helpers/db.js';

/**
 * POSTs `body` as JSON, its second half sent 20 ms after the first (so that the body is read in
 * events of the socket after the request's first hooks), and answers the statement count.
 */
function postInTwoParts(port: number, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/work',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(Number(response.headers[STATEMENT_COUNT_HEADER])));
      },
    );
    request.on('error', reject);
    const half = Math.floor(text.length / 2);
    request.write(text.slice(0, half));
    setTimeout(() => request.end(text.slice(half)), 20);
  });
}

describe("the bench's statement count", () => {
  const database = useTestDatabase({ migrate: false });
  const app = Fastify();
  afterAll(() => app.close());

  it("answers each request's own statements, not those of work running beside it", async () => {
    exposeStatementCount(app);
    // A request with a JSON body (read from the socket after the first hook) that sends as many
    // statements as it is asked, one after another.
    app.post<{ Body: { statements: number } }>('/work', async (request) => {
      for (let index = 0; index < request.body.statements; index += 1) {
        await database.db.execute(sql`SELECT ${index}::int AS step, pg_sleep(0.002)`);
      }
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('No port');

    // Background work, as a sweep does, sending statements all the while.
    let background = 0;
    let running = true;
    const sweep = (async () => {
      while (running) {
        await database.db.execute(sql`SELECT pg_sleep(0.001)`);
        background += 1;
      }
    })();
    try {
      const counts = await Promise.all(
        [3, 1, 5, 0].map((statements) => postInTwoParts(address.port, { statements })),
      );
      expect(counts).toEqual([3, 1, 5, 0]);
    } finally {
      running = false;
      await sweep;
    }
    expect(background).toBeGreaterThan(0);
  });
});
