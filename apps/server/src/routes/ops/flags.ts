import type { FastifyPluginAsync } from 'fastify';
import { getOpsFlags, putOpsFlag } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listFeatureFlags } from '../../services/flags/list-feature-flags.js';
import { saveFeatureFlag } from '../../services/flags/save-feature-flag.js';
import { callerUuidOf } from '../../http/auth.js';

export const opsFlagsRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getOpsFlags, () => listFeatureFlags(db));
  route(app, putOpsFlag, ({ params, body, request }) =>
    saveFeatureFlag(db, { key: params.flagKey, setting: body, agentUuid: callerUuidOf(request) }),
  );
};
