import type { TPostOpsCancelApplicationResponse } from '@pledge/contract';
import { applyAgentTransition } from './agent-transition.js';
import type { TOpsDeps } from './ops-record.js';

/** An agent cancels an application; the domain decides from which states (AGENT_CANCEL). */
export async function cancelApplication(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; reason: string },
): Promise<TPostOpsCancelApplicationResponse> {
  return applyAgentTransition(deps, {
    ...input,
    event: 'AGENT_CANCEL',
    refusal: {
      code: 'CANNOT_CANCEL',
      message: (state) => `An application in state ${state} cannot be cancelled.`,
    },
  });
}
