import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZOpsApplicationDetail } from '../entities/ops-application.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZGetOpsApplicationResponse = ZOpsApplicationDetail;
export type TGetOpsApplicationResponse = z.infer<typeof ZGetOpsApplicationResponse>;

export const getOpsApplication = defineEndpoint({
  method: 'GET',
  path: `${OPS}/applications/:appUuid`,
  auth: 'agent',
  summary: 'Application detail: borrower, checklist, uploaded IDs, payout and audit trail',
  params: ZAppParams,
  response: ZGetOpsApplicationResponse,
});
