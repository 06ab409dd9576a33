import fp from 'fastify-plugin';
import type pg from 'pg';
import { getHealthz, getLivez, getReadyz } from '@pledge/contract';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { checkHealth } from '../../services/system/check-health.js';
import { createReadinessCheck } from '../../services/system/check-readiness.js';

/**
 * How often a running instance reads the schema's compatibility level when no probe asks: a newer
 * release's contract migration applied while it runs is noticed within this.
 */
export const SCHEMA_CHECK_EVERY_MS = 30_000;

const PROBE_PATHS: ReadonlySet<string> = new Set([getHealthz.path, getLivez.path, getReadyz.path]);

/**
 * Probes of a load balancer or orchestrator: liveness (the process answers: restart it when not),
 * readiness (send it traffic: database reachable, migrations current, the schema not beyond this
 * version, not shutting down), and the older combined health check (process and database). A
 * plugin of the whole app: an instance whose schema a newer release contracted beyond it
 * (db/schema-compat.ts) refuses every request but these probes, with the reason, until replaced.
 */
export const healthRoutes = fp<{ pool: pg.Pool }>(
  async (app, { pool }) => {
    const readiness = createReadinessCheck(pool, { log: app.log });
    // A shutdown starts: the balancer takes the instance out while it finishes what it holds.
    app.addHook('preClose', async () => readiness.drain());
    // A callback, not an async function: every request runs it, and a promise each costs more
    // than the check itself.
    app.addHook('onRequest', (request, _reply, done) => {
      const problem = readiness.schemaProblem();
      if (problem !== null && !PROBE_PATHS.has(request.routeOptions.url ?? '')) {
        done(new HttpError(503, 'SCHEMA_TOO_NEW', problem));
        return;
      }
      done();
    });
    const schemaCheck = setInterval(() => {
      readiness.check().catch(() => undefined);
    }, SCHEMA_CHECK_EVERY_MS);
    schemaCheck.unref();
    app.addHook('onClose', async () => clearInterval(schemaCheck));
    route(app, getHealthz, () => checkHealth(pool));
    route(app, getLivez, async () => ({ status: 'ok' as const }));
    route(app, getReadyz, () => readiness.check());
  },
  { name: 'health-routes' },
);
