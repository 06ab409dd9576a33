import { defineEndpoint } from '../define-endpoint.js';
import { ZNoContent } from '../wire.js';
import { ZOpsBannerParams } from './banner-params.js';
import { OPS } from './ops-base.js';

/** Banners are never erased: deleting one deactivates it, and the audit trail keeps who did it. */
export const deleteOpsBanner = defineEndpoint({
  method: 'DELETE',
  path: `${OPS}/banners/:bannerUuid`,
  auth: 'agent',
  summary: 'Deactivate a banner (it stays in the list, inactive)',
  params: ZOpsBannerParams,
  response: ZNoContent,
  status: 204,
});
