import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { getOpsFlags, putOpsFlag } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { HttpError, UNAUTHENTICATED } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { listFeatureFlags } from '../../services/flags/list-feature-flags.js';
import { saveFeatureFlag } from '../../services/flags/save-feature-flag.js';

/** The agent the 'agent' pre-handler verified. */
function agentOf(request: FastifyRequest): string {
  if (request.principal === null) {
    throw new HttpError(401, UNAUTHENTICATED.code, UNAUTHENTICATED.message);
  }
  return request.principal.identityUuid;
}

export const opsFlagsRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getOpsFlags, () => listFeatureFlags(db));
  route(app, putOpsFlag, ({ params, body, request }) =>
    saveFeatureFlag(db, { key: params.flagKey, setting: body, agentUuid: agentOf(request) }),
  );
};
