import { useQuery } from '@tanstack/react-query';
import {
  getFinalSteps as getFinalStepsEndpoint,
  type TGetFinalStepsResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getFinalSteps(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TGetFinalStepsResponse> {
  return apiRequest(getFinalStepsEndpoint, { params: { appUuid }, signal });
}

export function finalStepsQueryKey(appUuid: string) {
  return ['application', appUuid, 'final-steps'] as const;
}

/**
 * The final-steps checklist, fetched again each time the page is shown: the borrower comes back
 * to it after finishing a step elsewhere.
 */
export function useFinalSteps(appUuid: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: finalStepsQueryKey(appUuid),
    queryFn: ({ signal }) => getFinalSteps(appUuid, signal),
    refetchOnMount: 'always',
    enabled,
  });
}
