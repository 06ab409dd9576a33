import type { TApplication } from '@pledge/contract';
import { toApplicationView } from './application-view.js';
import { findOwnedApplication, type TApplicationDeps } from './application-record.js';

export async function getApplication(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TApplication> {
  const row = await findOwnedApplication(deps.db, input.identityUuid, input.appUuid);
  return toApplicationView(deps.db, row, deps.clock());
}
