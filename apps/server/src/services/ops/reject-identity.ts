import type { TPostOpsRejectIdentityResponse } from '@pledge/contract';
import { decideIdentity } from './decide-identity.js';
import type { TOpsDeps } from './ops-record.js';

/** Verify Identity returns to NOT_STARTED: the borrower uploads again and sees the reason. */
export async function rejectIdentity(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; reason: string },
): Promise<TPostOpsRejectIdentityResponse> {
  return decideIdentity(deps, { ...input, decision: 'REJECTED' });
}
