import type { FastifyPluginAsync } from 'fastify';
import { deleteSandboxClock, getSandboxClock, postSandboxClock } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { route } from '../../http/route.js';
import { advanceSandboxClock } from '../../services/sandbox/advance-sandbox-clock.js';
import { resetSandboxClock } from '../../services/sandbox/reset-sandbox-clock.js';
import type { TSandboxClock } from '../../services/sandbox/sandbox-clock.js';

/** Registered only when SANDBOX is on (the request hook has just loaded the clock). */
export const sandboxClockRoutes: FastifyPluginAsync<{ db: TDb; clock: TSandboxClock }> = async (
  app,
  deps,
) => {
  route(app, getSandboxClock, async () => ({ now: deps.clock.now().toISOString() }));
  route(app, postSandboxClock, ({ body }) => advanceSandboxClock(deps, body));
  route(app, deleteSandboxClock, () => resetSandboxClock(deps));
};
