import { postCelsiusRefiCoinReturn, type TRefinancingApplication } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** Where the coins an ended refinancing received go back to; answers the refinancing. */
export function requestRefiCoinReturn(
  appUuid: string,
  returnAddress: string,
): Promise<TRefinancingApplication> {
  return apiRequest(postCelsiusRefiCoinReturn, { params: { appUuid }, body: { returnAddress } });
}
