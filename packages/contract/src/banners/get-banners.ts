import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZBanner } from '../entities/banner.js';

export const ZGetBannersResponse = z.array(ZBanner);
export type TGetBannersResponse = z.infer<typeof ZGetBannersResponse>;

/** Served with `Cache-Control: no-store`: a banner switched off disappears at once. */
export const getBanners = defineEndpoint({
  method: 'GET',
  path: '/banners/banners.json',
  auth: 'none',
  summary: 'Remote banners: the active ones, newest first',
  response: ZGetBannersResponse,
});
