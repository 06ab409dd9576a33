/** The console's record of a liquidation surplus wired back to the borrower. */
import type { FastifyPluginAsync } from 'fastify';
import { postOpsSurplusPayout } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { TClock } from '../../security/jwt.js';
import { agentActor } from '../../services/ops/ops-record.js';
import { recordSurplusPayout } from '../../services/risk/liquidation-surplus-payout.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';

export const opsSurplusRoutes: FastifyPluginAsync<{ db: TDb; clock: TClock }> = async (
  app,
  deps,
) => {
  route(app, postOpsSurplusPayout, ({ params, body, request }) =>
    recordSurplusPayout(deps, {
      loanUuid: params.loanUuid,
      body,
      idempotencyKey: requiredIdempotencyKey(request),
      actor: agentActor(callerUuidOf(request)),
    }),
  );
};
