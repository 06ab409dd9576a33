import { getOpsIdentityDocument, type TIdentityDocument } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** The bytes of an uploaded ID, fetched with the agent's token, as a file of its own type. */
export async function fetchIdentityDocumentFile(
  appUuid: string,
  document: Pick<TIdentityDocument, 'uuid' | 'contentType'>,
): Promise<Blob> {
  const bytes = await apiRequest(getOpsIdentityDocument, {
    params: { appUuid, docUuid: document.uuid },
    cache: 'no-store',
  });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: document.contentType });
}
