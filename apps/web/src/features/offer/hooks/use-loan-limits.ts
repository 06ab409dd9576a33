import { loanLimitsUsd, type TLoanLimitsUsd, type TResidence } from '@pledge/domain';
import { useValidStates } from '../../residency/api/get-valid-states.js';

/**
 * The cash a borrower of this residence may borrow (document 1 §5): the state's own limits from the
 * server's state list, else the domain's defaults (international residents, or while the list has
 * not arrived: the server derives the list from the same rules).
 */
export function useLoanLimits(residence: TResidence): TLoanLimitsUsd {
  const states = useValidStates();
  if (residence.kind === 'state') {
    const entry = states.data?.find((state) => state.state === residence.state);
    if (entry !== undefined) return { min: entry.minLoanAmount, max: entry.maxLoanAmount };
  }
  return loanLimitsUsd(residence);
}
