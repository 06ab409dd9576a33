import { postSignDocument, type TPostSignDocumentResponse } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** E-signs one document; signing one already signed answers its signature again. */
export function signDocument(input: {
  appUuid: string;
  identityUuid: string;
  docUuid: string;
}): Promise<TPostSignDocumentResponse> {
  return apiRequest(postSignDocument, { params: input });
}
