import { postRefiTapeLoanBorrower, type TPostRefiTapeLoanBorrowerBody } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';
import { useOpsChange } from './use-ops-change.js';

/** Proposes giving a legacy loan to a signed-up borrower (or clearing the match), with a reason. */
export function useProposeTapeLoanBorrower(loanId: string) {
  return useOpsChange(
    (body: TPostRefiTapeLoanBorrowerBody) =>
      apiRequest(postRefiTapeLoanBorrower, { params: { loanId }, body }),
    CONTROLLED_ACTIONS_QUERY_KEY,
  );
}
