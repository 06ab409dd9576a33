import type { TPostOpsProposePayoffBody, TPostOpsProposePayoffResponse } from '@pledge/contract';
import { usdToCents } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import { createProposal } from './create-proposal.js';
import type { TOpsDeps } from './ops-record.js';
import { assertPayoffAllowed, assertPayoffMatchesLedger } from './record-payoff.js';

export const PAID_ON_IN_FUTURE_MESSAGE = 'The payment date cannot be in the future';

/**
 * An agent proposes recording an active loan as paid off, with the payment's evidence: method,
 * reference, amount received (the ledger's payoff figure today, exactly) and the day it arrived
 * (not after today, UTC).
 */
export async function proposePayoff(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; body: TPostOpsProposePayoffBody },
): Promise<TPostOpsProposePayoffResponse> {
  const { body } = input;
  const today = deps.clock().toISOString().slice(0, 10);
  if (body.paidOn > today) {
    throw new HttpError(400, 'VALIDATION_ERROR', PAID_ON_IN_FUTURE_MESSAGE, {
      paidOn: [PAID_ON_IN_FUTURE_MESSAGE],
    });
  }
  return createProposal(deps, {
    appUuid: input.appUuid,
    agentUuid: input.agentUuid,
    kind: 'RECORD_PAYOFF',
    evidence: {
      reference: body.reference,
      note: body.note === undefined || body.note === '' ? null : body.note,
      payoffMethod: body.method,
      payoffAmountCents: usdToCents(body.amount),
      paidOn: body.paidOn,
    },
    assertAllowed: async (tx, application) => {
      assertPayoffAllowed(application);
      await assertPayoffMatchesLedger(tx, {
        loanUuid: application.uuid,
        amountCents: usdToCents(body.amount),
        now: deps.clock(),
      });
    },
  });
}
