/**
 * Sends a brand image as the request body itself (the file's own type), which the JSON client
 * does not send, and reads the answer as it does: the contract's schema on success, an ApiError
 * with the server's message otherwise (an SVG refused, a file that is no image).
 */
import { useMutation } from '@tanstack/react-query';
import { postOpsBrandAsset, ZApiError, ZPostOpsBrandAssetResponse } from '@pledge/contract';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '../../../api/api-error.js';
import { endpointUrl } from '../../../api/endpoint-url.js';
import { getToken } from '../../../api/token.js';

export async function uploadBrandImage(input: {
  orgCode: string;
  kind: 'LOGO' | 'FAVICON';
  file: Blob;
}) {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': input.file.type });
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(
      endpointUrl(postOpsBrandAsset, { orgCode: input.orgCode }, { kind: input.kind }),
      {
        method: postOpsBrandAsset.method,
        headers,
        body: input.file,
        credentials: 'include',
        cache: 'no-store',
      },
    );
  } catch (cause) {
    throw new ApiError({
      status: 0,
      statusText: '',
      message: NETWORK_ERROR_MESSAGE,
      body: null,
      cause,
    });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const apiError = ZApiError.safeParse(body);
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: apiError.success
        ? apiError.data.message
        : `Request failed with status ${response.status}`,
      body,
      apiError: apiError.success ? apiError.data : null,
    });
  }
  const parsed = ZPostOpsBrandAssetResponse.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: UNEXPECTED_RESPONSE_MESSAGE,
      body,
    });
  }
  return parsed.data;
}

export function useUploadBrandImage() {
  return useMutation({ mutationFn: uploadBrandImage });
}
