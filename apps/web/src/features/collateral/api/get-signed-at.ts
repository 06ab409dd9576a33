import { useQuery } from '@tanstack/react-query';
import { getBorrowerDocuments, type TGetBorrowerDocumentsResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** When the last document was signed, or null while none is. */
export function lastSignedAt(documents: TGetBorrowerDocumentsResponse): string | null {
  return documents.reduce<string | null>(
    (latest, document) =>
      document.signedAt !== null &&
      (latest === null || Date.parse(document.signedAt) > Date.parse(latest))
        ? document.signedAt
        : latest,
    null,
  );
}

/**
 * When the borrower signed their loan agreement (the last signature): the collateral deadline
 * counts from it (document 1 §9).
 */
export function useLastSignedAt(
  appUuid: string,
  identityUuid: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: ['application', appUuid, 'borrower-documents', identityUuid] as const,
    queryFn: ({ signal }) =>
      apiRequest(getBorrowerDocuments, { params: { appUuid, identityUuid }, signal }),
    select: lastSignedAt,
    enabled,
  });
}
