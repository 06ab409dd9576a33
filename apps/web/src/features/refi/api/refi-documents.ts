import { useQuery } from '@tanstack/react-query';
import {
  getRefiDocumentText,
  getRefiDownloadDocument,
  getRefiUnsignedDocuments,
  postRefiSignDocument,
  type TDocument,
  type TPostRefiSignDocumentResponse,
} from '@pledge/contract';
import { DOCUMENTS_POLL_MAX_UPDATES, DOCUMENTS_POLL_MS } from '@pledge/domain';
import { apiRequest } from '../../../api/client.js';
import { documentFileName, saveFile } from '../../documents/api/download-document.js';

export function refiDocumentsQueryKey(appUuid: string) {
  return ['refi', 'application', appUuid, 'unsigned-documents'] as const;
}

/**
 * The disclosures still to sign, in signing order. While none has arrived yet (they are being
 * generated) the list is asked again every DOCUMENTS_POLL_MS, for at most DOCUMENTS_POLL_MAX_UPDATES
 * updates (document 2 §4).
 */
export function useRefiUnsignedDocuments(
  appUuid: string,
  identityUuid: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: refiDocumentsQueryKey(appUuid),
    queryFn: ({ signal }) =>
      apiRequest(getRefiUnsignedDocuments, {
        params: { appUuid, identityUuid },
        signal,
        cache: 'no-store',
      }),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: ({ state }) =>
      state.data !== undefined &&
      state.data.length === 0 &&
      state.dataUpdateCount <= DOCUMENTS_POLL_MAX_UPDATES
        ? DOCUMENTS_POLL_MS
        : false,
  });
}

export function signRefiDocument(docUuid: string): Promise<TPostRefiSignDocumentResponse> {
  return apiRequest(postRefiSignDocument, { params: { docUuid } });
}

/** Fetches a disclosure's PDF and saves it under the document's name. */
export async function downloadRefiDocument(document: Pick<TDocument, 'uuid' | 'name'>) {
  const bytes = await apiRequest(getRefiDownloadDocument, { params: { docUuid: document.uuid } });
  saveFile(new Uint8Array(bytes), documentFileName(document.name), 'application/pdf');
}

export function refiDocumentTextQueryKey(docUuid: string) {
  return ['refi', 'document', docUuid, 'text'] as const;
}

/** A disclosure's words, to read it on the page; null when only its PDF has them. */
export function useRefiDocumentText(docUuid: string) {
  return useQuery({
    queryKey: refiDocumentTextQueryKey(docUuid),
    queryFn: ({ signal }) =>
      apiRequest(getRefiDocumentText, { params: { docUuid }, signal, cache: 'no-store' }),
  });
}
