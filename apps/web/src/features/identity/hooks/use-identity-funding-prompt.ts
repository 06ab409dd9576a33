import { useQuery } from '@tanstack/react-query';
import type { TApplication, TGetFinalStepsResponse } from '@pledge/contract';
import {
  identityFundingPrompt,
  KRANG_STATE_POLL_MS,
  type TIdentityFundingPrompt,
} from '@pledge/domain';
import { finalStepsQueryKey, getFinalSteps } from '../../final-steps/api/get-final-steps.js';

function promptOf(
  application: TApplication,
  steps: TGetFinalStepsResponse | undefined,
): TIdentityFundingPrompt | null {
  const identity = steps?.items.find((item) => item.name === 'Verify Identity');
  return identityFundingPrompt(application.state, identity?.status);
}

/**
 * What the tracker says about the borrower's ID while the funds wait for it (identityFundingPrompt),
 * read from the Verify Identity row the server reports. The row is fetched only in the states where
 * a prompt can show, again on each visit (the borrower comes back after uploading), and while the ID
 * is in review at the pace the tracker follows the application, so the prompt leaves once it is
 * approved.
 */
export function useIdentityFundingPrompt(application: TApplication): TIdentityFundingPrompt | null {
  const { appUuid, state } = application;
  const canPrompt = identityFundingPrompt(state, 'NOT_STARTED') !== null;
  const steps = useQuery({
    queryKey: finalStepsQueryKey(appUuid),
    queryFn: ({ signal }) => getFinalSteps(appUuid, signal),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      promptOf(application, query.state.data) === 'in-review' ? KRANG_STATE_POLL_MS : false,
    enabled: canPrompt,
  });
  return canPrompt ? promptOf(application, steps.data) : null;
}
