import { z } from 'zod/mini';
import { defineEndpoint } from '../../define-endpoint.js';
import { ZIsoDateTime } from '../../wire.js';
import { OPS } from '../ops-base.js';
import { ZOpsBrandParams } from './brand-draft.js';

export const ZPostOpsBrandPreviewResponse = z.object({
  /** The version shown: the open draft, else the version served. */
  version: z.number(),
  /**
   * Opens the brand's real pages in this version: `?brandPreview=<token>` on any page. Only an
   * agent obtains one; it expires at `expiresAt` and names one version of one brand.
   */
  token: z.string(),
  expiresAt: ZIsoDateTime,
});
export type TPostOpsBrandPreviewResponse = z.infer<typeof ZPostOpsBrandPreviewResponse>;

export const postOpsBrandPreview = defineEndpoint({
  method: 'POST',
  path: `${OPS}/brands/:orgCode/preview`,
  auth: 'agent',
  summary: 'A short-lived token that shows the brand’s pages in its draft',
  params: ZOpsBrandParams,
  response: ZPostOpsBrandPreviewResponse,
});
