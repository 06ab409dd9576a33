/**
 * An agent records that the borrower paid the loan off: COMPLETE becomes PAID_OFF (event PAID_OFF,
 * stage COLLATERAL_RELEASE), and the borrower can then ask for the collateral back. The state
 * machine decides from which states; the method (ACH or wire) is kept with the payoff, since it
 * decides how long the crypto is held. Idempotent: the application is locked first, so of two
 * concurrent calls one transitions and the other finds the loan paid off and answers the same
 * detail, recording nothing.
 */
import type { TPostOpsRecordPayoffResponse } from '@pledge/contract';
import { canTransition, PAYOFF_METHOD_LABELS, type TPayoffMethod } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import { applyTransition } from '../applications/apply-transition.js';
import { agentActor, lockApplication, toOpsDetail, type TOpsDeps } from './ops-record.js';
import { recordPayoffMethod } from './payoff-record.js';

/** The audit trail's words: "Payoff recorded (ACH)", then the agent's note if any. */
export function payoffReason(method: TPayoffMethod, note: string | undefined): string {
  const base = `Payoff recorded (${PAYOFF_METHOD_LABELS[method]})`;
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? base : `${base}: ${trimmed}`;
}

export async function recordPayoff(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; method: TPayoffMethod; reason?: string | undefined },
): Promise<TPostOpsRecordPayoffResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockApplication(tx, input.appUuid);
    if (!canTransition(current.state, 'PAID_OFF')) {
      if (current.state === 'PAID_OFF') return current;
      throw new HttpError(
        409,
        'CANNOT_RECORD_PAYOFF',
        `Only an active loan (COMPLETE) can be recorded as paid off; this application is in state ${current.state}.`,
      );
    }
    const at = deps.clock();
    const actor = agentActor(input.agentUuid);
    const reason = payoffReason(input.method, input.reason);
    const { application } = await applyTransition(tx, {
      appUuid: current.uuid,
      event: 'PAID_OFF',
      actor,
      reason,
      at,
    });
    await recordPayoffMethod(tx, {
      appUuid: current.uuid,
      actor,
      method: input.method,
      reason,
      at,
    });
    return application;
  });
  return toOpsDetail(deps, row);
}
