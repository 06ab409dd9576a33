import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statementScope } from '../db/pool.js';

export const STATEMENT_COUNT_HEADER = 'x-db-statements';

/**
 * Bench mode (BENCH_STATEMENT_COUNT, sandbox only): every answer carries the number of SQL
 * statements its request sent, counted in the request's own asynchronous context (statementScope)
 * from its first hook to its answer, so that background jobs running meanwhile (a sweep over
 * a thousand loans sends statements all the time) are not counted in it.
 */
export function exposeStatementCount(app: FastifyInstance): void {
  const counts = new WeakMap<FastifyRequest, { sent: number }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const count = { sent: 0 };
    counts.set(request, count);
    statementScope.run(count, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(STATEMENT_COUNT_HEADER, String(counts.get(request)?.sent ?? 0));
    done(null, payload);
  });
}
