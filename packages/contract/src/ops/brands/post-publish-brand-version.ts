import type { z } from 'zod/mini';
import { defineEndpoint } from '../../define-endpoint.js';
import { ZControlledAction } from '../../entities/controlled-action.js';
import { ZOpsReason } from '../../entities/ops-application.js';
import { OPS } from '../ops-base.js';
import { ZOpsBrandVersionParams } from './brand-draft.js';

export const ZPostOpsPublishBrandVersionBody = ZOpsReason;
export type TPostOpsPublishBrandVersionBody = z.infer<typeof ZPostOpsPublishBrandVersionBody>;

/**
 * Proposes serving a version of a brand: its draft, or an earlier version again (a restore). A
 * second agent approves it in the controlled actions; every instance serves it within a second.
 */
export const postOpsPublishBrandVersion = defineEndpoint({
  method: 'POST',
  path: `${OPS}/brands/:orgCode/versions/:version/publish`,
  auth: 'agent',
  summary: 'Propose publishing (or restoring) a brand version (a different agent approves)',
  params: ZOpsBrandVersionParams,
  body: ZPostOpsPublishBrandVersionBody,
  response: ZControlledAction,
  status: 202,
  control: 'PUBLISH_BRAND',
});
