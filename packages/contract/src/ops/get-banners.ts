import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZBanner } from '../entities/banner.js';
import { OPS } from './ops-base.js';

export const ZGetOpsBannersResponse = z.array(ZBanner);
export type TGetOpsBannersResponse = z.infer<typeof ZGetOpsBannersResponse>;

export const getOpsBanners = defineEndpoint({
  method: 'GET',
  path: `${OPS}/banners`,
  auth: 'agent',
  summary: 'Every banner, newest first',
  response: ZGetOpsBannersResponse,
});
