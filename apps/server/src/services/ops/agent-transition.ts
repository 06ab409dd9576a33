import type { TOpsApplicationDetail } from '@pledge/contract';
import { canTransition, type TApplicationEvent } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import { applyTransition } from '../applications/apply-transition.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';

export interface TAgentTransitionInput {
  appUuid: string;
  agentUuid: string;
  event: TApplicationEvent;
  reason: string;
  /** The refusal when the domain does not allow the event in the current state. */
  refusal: { code: string; message: (state: string) => string };
}

/**
 * An agent's state change: the application is locked, the domain's state machine decides whether
 * the event is allowed from its state (409 with the reason otherwise), and the transition and its
 * audit event (with the agent's reason) commit together.
 */
export async function applyAgentTransition(
  deps: TOpsDeps,
  input: TAgentTransitionInput,
): Promise<TOpsApplicationDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const { application: current } = await lockApplication(tx, deps.cipher, input);
    if (!canTransition(current.state, input.event)) {
      throw new HttpError(409, input.refusal.code, input.refusal.message(current.state));
    }
    const { application } = await applyTransition(tx, {
      appUuid: current.uuid,
      event: input.event,
      actor: agentActor(input.agentUuid),
      reason: input.reason,
      at: deps.clock(),
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
