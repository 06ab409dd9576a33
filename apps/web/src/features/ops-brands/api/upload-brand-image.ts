/** Sends a brand image as the request body itself, in the file's own type. */
import { useMutation } from '@tanstack/react-query';
import { postOpsBrandAsset, ZPostOpsBrandAssetResponse } from '@pledge/contract';
import { endpointUrl } from '../../../api/endpoint-url.js';
import { sendRawBody } from '../../../api/raw-body.js';

export function uploadBrandImage(input: { orgCode: string; kind: 'LOGO' | 'FAVICON'; file: Blob }) {
  return sendRawBody({
    url: endpointUrl(postOpsBrandAsset, { orgCode: input.orgCode }, { kind: input.kind }),
    method: postOpsBrandAsset.method,
    contentType: input.file.type,
    body: input.file,
    schema: ZPostOpsBrandAssetResponse,
  });
}

export function useUploadBrandImage() {
  return useMutation({ mutationFn: uploadBrandImage });
}
