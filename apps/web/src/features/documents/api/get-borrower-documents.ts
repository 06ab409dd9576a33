import { useQuery } from '@tanstack/react-query';
import {
  getBorrowerDocuments as getBorrowerDocumentsEndpoint,
  type TGetBorrowerDocumentsResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

export function getBorrowerDocuments(
  appUuid: string,
  identityUuid: string,
  signal?: AbortSignal,
): Promise<TGetBorrowerDocumentsResponse> {
  return apiRequest(getBorrowerDocumentsEndpoint, { params: { appUuid, identityUuid }, signal });
}

export function borrowerDocumentsQueryKey(appUuid: string) {
  return ['application', appUuid, 'documents'] as const;
}

/**
 * Every document of the application for its borrower, signed or not, in signing order; fetched
 * again each time a page that shows them is opened.
 */
export function useBorrowerDocuments(
  appUuid: string,
  identityUuid: string | undefined,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: borrowerDocumentsQueryKey(appUuid),
    queryFn: ({ signal }) => getBorrowerDocuments(appUuid, identityUuid ?? '', signal),
    refetchOnMount: 'always',
    enabled: enabled && identityUuid !== undefined,
  });
}
