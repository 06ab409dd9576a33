import type { TGetOpsApplicationResponse } from '@pledge/contract';
import { findApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';

/** Any application's detail for an agent; an unknown id answers 404. */
export async function getOpsApplication(
  deps: TOpsDeps,
  input: { appUuid: string },
): Promise<TGetOpsApplicationResponse> {
  return toOpsDetail(deps, await findApplication(deps.db, input.appUuid));
}
