import type { TGetValidStatesResponse } from '@pledge/contract';
import { listValidStates } from '@pledge/domain';

/** Every state and DC with whether loans are offered there and the loan limits (whole dollars). */
export function listResidenceStates(): TGetValidStatesResponse {
  return listValidStates();
}
