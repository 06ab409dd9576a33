import type { FastifyPluginAsync } from 'fastify';
import { getOpsFlags, putOpsFlag } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { listFeatureFlags } from '../../services/flags/list-feature-flags.js';
import { saveFeatureFlag } from '../../services/flags/save-feature-flag.js';
import { callerUuidOf } from '../../http/auth.js';

/** Per client address: agents read the list as they work and change flags by hand. */
export const OPS_FLAG_READS_PER_IP_PER_MINUTE = 120;
export const OPS_FLAG_CHANGES_PER_IP_PER_MINUTE = 30;

export const opsFlagsRoutes: FastifyPluginAsync<{ db: TDb }> = async (app, { db }) => {
  route(app, getOpsFlags, () => listFeatureFlags(db), {
    rateLimit: { max: OPS_FLAG_READS_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
  });
  route(
    app,
    putOpsFlag,
    ({ params, body, request }) =>
      saveFeatureFlag(db, {
        key: params.flagKey,
        setting: body,
        agentUuid: callerUuidOf(request),
      }),
    { rateLimit: { max: OPS_FLAG_CHANGES_PER_IP_PER_MINUTE, timeWindow: '1 minute' } },
  );
};
