import { z } from 'zod/mini';
import { defineEndpoint, ZBinary } from '../define-endpoint.js';

export const BRAND_ASSETS_PATH = '/brand-assets';

/** A brand's uploaded logo or favicon (PNG): public, and never changed under its id. */
export const getBrandAsset = defineEndpoint({
  method: 'GET',
  path: `${BRAND_ASSETS_PATH}/:assetId`,
  auth: 'none',
  summary: 'A brand’s uploaded logo or favicon',
  params: z.object({ assetId: z.uuid() }),
  response: ZBinary,
});
