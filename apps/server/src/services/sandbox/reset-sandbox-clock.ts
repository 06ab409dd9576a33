import type { TSandboxClockResponse } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { sandboxClock } from '../../db/schema/index.js';
import type { TSandboxClock } from './sandbox-clock.js';

/** Sets the deployment's clock back to real time (the only way it goes back). */
export async function resetSandboxClock(deps: {
  db: TDb;
  clock: TSandboxClock;
}): Promise<TSandboxClockResponse> {
  await deps.db.delete(sandboxClock);
  deps.clock.adopt(0);
  return { now: deps.clock.now().toISOString() };
}
