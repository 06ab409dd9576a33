/**
 * Every request has an id: the one a proxy or client sent in `X-Request-Id` when it is well formed
 * (so one id follows a request through the load balancer and into this log), a new one otherwise.
 * It is the request's log id and comes back on every answer, errors included.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** 1–128 characters a log line and a header carry as they are. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: its `X-Request-Id` when well formed (only one sent), a new one otherwise. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Echoes the request's id on its answer, before anything (a refusal, an error) can answer it. */
export function registerRequestIdEcho(app: FastifyInstance): void {
  // A callback hook: an async one would cost every request a promise and a turn of the queue.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
