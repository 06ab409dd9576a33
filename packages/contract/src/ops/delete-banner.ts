import { defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';
import { ZOpsBannerParams } from './banner-params.js';
import { OPS } from './ops-base.js';

export const deleteOpsBanner = defineEndpoint({
  method: 'DELETE',
  path: `${OPS}/banners/:bannerUuid`,
  auth: 'agent',
  summary: 'Delete a banner',
  params: ZOpsBannerParams,
  response: ZNoContent,
  status: 204,
});
