import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../db/pool.js';

export const STATEMENT_COUNT_HEADER = 'x-db-statements';

/**
 * Bench mode (BENCH_STATEMENT_COUNT, sandbox only): every answer carries the number of SQL
 * statements this instance has sent so far, taken when the answer is sent, after everything the
 * request ran. Requests sent one after another therefore tell, by difference, how many statements
 * each cost (background jobs add the odd one, which a median over many requests leaves out).
 */
export function exposeStatementCount(app: FastifyInstance, database: TDatabase): void {
  const sent = database.statementsSent;
  if (sent === undefined) return;
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header(STATEMENT_COUNT_HEADER, String(sent()));
    done(null, payload);
  });
}
