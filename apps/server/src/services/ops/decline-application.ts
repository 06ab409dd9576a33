import type { TPostOpsDeclineApplicationResponse } from '@pledge/contract';
import { applyAgentTransition } from './agent-transition.js';
import type { TOpsDeps } from './ops-record.js';

/** An agent declines an application; the domain decides from which states (AGENT_DECLINE). */
export async function declineApplication(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; reason: string },
): Promise<TPostOpsDeclineApplicationResponse> {
  return applyAgentTransition(deps, {
    ...input,
    event: 'AGENT_DECLINE',
    refusal: {
      code: 'CANNOT_DECLINE',
      message: (state) => `An application in state ${state} cannot be declined.`,
    },
  });
}
