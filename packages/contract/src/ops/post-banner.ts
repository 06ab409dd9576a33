import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZBanner, ZBannerInput } from '../entities/banner.js';
import { OPS } from './ops-base.js';

export const ZPostOpsBannerBody = ZBannerInput;
export type TPostOpsBannerBody = z.infer<typeof ZPostOpsBannerBody>;

export const ZPostOpsBannerResponse = ZBanner;
export type TPostOpsBannerResponse = z.infer<typeof ZPostOpsBannerResponse>;

export const postOpsBanner = defineEndpoint({
  method: 'POST',
  path: `${OPS}/banners`,
  auth: 'agent',
  summary: 'Create a banner',
  body: ZPostOpsBannerBody,
  response: ZPostOpsBannerResponse,
  status: 201,
});
