import type { z } from 'zod/mini';
import { REFI_ESTATE_PAYOFF_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiEstatePayoff } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { zOpsPage, zOpsStatusPageQuery } from './ops-page.js';

export const ZGetRefiEstatePayoffsQuery = zOpsStatusPageQuery(REFI_ESTATE_PAYOFF_STATUSES);
export type TGetRefiEstatePayoffsQuery = z.infer<typeof ZGetRefiEstatePayoffsQuery>;

export const ZGetRefiEstatePayoffsResponse = zOpsPage(ZRefiEstatePayoff);
export type TGetRefiEstatePayoffsResponse = z.infer<typeof ZGetRefiEstatePayoffsResponse>;

export const getRefiEstatePayoffs = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/estate-payoffs`,
  auth: 'agent',
  summary: 'Payoffs owed to the old lender’s estate for completed refinancings, newest first',
  query: ZGetRefiEstatePayoffsQuery,
  response: ZGetRefiEstatePayoffsResponse,
});
