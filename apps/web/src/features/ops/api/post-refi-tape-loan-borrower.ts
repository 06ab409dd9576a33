import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postRefiTapeLoanBorrower, type TPostRefiTapeLoanBorrowerBody } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { CONTROLLED_ACTIONS_QUERY_KEY } from './get-controlled-actions.js';

/** Proposes giving a legacy loan to a signed-up borrower (or clearing the match), with a reason. */
export function useProposeTapeLoanBorrower(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPostRefiTapeLoanBorrowerBody) =>
      apiRequest(postRefiTapeLoanBorrower, { params: { loanId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTROLLED_ACTIONS_QUERY_KEY }),
  });
}
