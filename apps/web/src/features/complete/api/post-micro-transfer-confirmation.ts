import { useMutation } from '@tanstack/react-query';
import { postMicroTransferConfirmation } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** The international borrower confirms that the USDC test transfer arrived. */
export function useConfirmMicroTransfer(appUuid: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(postMicroTransferConfirmation, {
        params: { appUuid },
        body: { confirmed: true },
      }),
  });
}
