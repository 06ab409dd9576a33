import type { TPostOpsApproveIdentityResponse } from '@pledge/contract';
import { decideIdentity } from './decide-identity.js';
import type { TOpsDeps } from './ops-record.js';

/** Verify Identity becomes COMPLETED; approving again answers the same detail. */
export async function approveIdentity(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string },
): Promise<TPostOpsApproveIdentityResponse> {
  return decideIdentity(deps, { ...input, decision: 'APPROVED' });
}
