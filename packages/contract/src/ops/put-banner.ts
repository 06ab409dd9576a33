import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZBanner, ZBannerInput } from '../entities/banner.js';
import { ZOpsBannerParams } from './banner-params.js';
import { OPS } from './ops-base.js';

export const ZPutOpsBannerBody = ZBannerInput;
export type TPutOpsBannerBody = z.infer<typeof ZPutOpsBannerBody>;

export const ZPutOpsBannerResponse = ZBanner;
export type TPutOpsBannerResponse = z.infer<typeof ZPutOpsBannerResponse>;

export const putOpsBanner = defineEndpoint({
  method: 'PUT',
  path: `${OPS}/banners/:bannerUuid`,
  auth: 'agent',
  summary: 'Replace a banner (switch it on or off with `active`)',
  params: ZOpsBannerParams,
  body: ZPutOpsBannerBody,
  response: ZPutOpsBannerResponse,
});
