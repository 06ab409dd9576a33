import type { FastifyPluginAsync } from 'fastify';
import { getSandboxWebhooks, postSandboxWebhookFailures } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import {
  listSandboxWebhooks,
  setSandboxWebhookFailures,
} from '../../services/sandbox/webhook-inbox.js';

/** Registered only when SANDBOX is on. */
export const sandboxWebhooksRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, deps) => {
  route(app, getSandboxWebhooks, () => listSandboxWebhooks(deps.db));
  route(app, postSandboxWebhookFailures, ({ body }) =>
    setSandboxWebhookFailures(deps.db, { count: body.count, status: body.status ?? 503 }),
  );
};
