import type {
  TPostOpsProposeReleaseFundsBody,
  TPostOpsProposeReleaseFundsResponse,
} from '@pledge/contract';
import { createProposal } from './create-proposal.js';
import type { TOpsDeps } from './ops-record.js';
import { assertFundsReleasable } from './release-funds.js';

/**
 * An agent proposes releasing the funds of an application awaiting release; refused (409) as the
 * release itself would be (assertFundsReleasable), a borrower without an approved ID included.
 */
export async function proposeReleaseFunds(
  deps: TOpsDeps,
  input: { appUuid: string; agentUuid: string; body: TPostOpsProposeReleaseFundsBody },
): Promise<TPostOpsProposeReleaseFundsResponse> {
  return createProposal(deps, {
    appUuid: input.appUuid,
    agentUuid: input.agentUuid,
    kind: 'RELEASE_FUNDS',
    evidence: {
      reference: input.body.reference,
      note: input.body.note === undefined || input.body.note === '' ? null : input.body.note,
      payoffMethod: null,
      payoffAmountCents: null,
      paidOn: null,
    },
    assertAllowed: assertFundsReleasable,
  });
}
