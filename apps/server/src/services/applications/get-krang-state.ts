import type { TKrangState } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { findOwnedApplication } from './application-record.js';

/** The state alone: what the pages poll while the server moves the application on. */
export async function getKrangState(
  db: TDb,
  input: { identityUuid: string; appUuid: string },
): Promise<TKrangState> {
  const row = await findOwnedApplication(db, input.identityUuid, input.appUuid);
  return { state: row.state, stage: row.stage };
}
