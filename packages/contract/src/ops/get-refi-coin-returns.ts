import type { z } from 'zod/mini';
import { REFI_COIN_RETURN_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiCoinReturnItem } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { zOpsPage, zOpsStatusPageQuery } from './ops-page.js';

export const ZGetRefiCoinReturnsQuery = zOpsStatusPageQuery(REFI_COIN_RETURN_STATUSES);
export type TGetRefiCoinReturnsQuery = z.infer<typeof ZGetRefiCoinReturnsQuery>;

export const ZGetRefiCoinReturnsResponse = zOpsPage(ZRefiCoinReturnItem);
export type TGetRefiCoinReturnsResponse = z.infer<typeof ZGetRefiCoinReturnsResponse>;

export const getRefiCoinReturns = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/coin-returns`,
  auth: 'agent',
  summary: 'Coins ended refinancings received, and where each goes, newest first',
  query: ZGetRefiCoinReturnsQuery,
  response: ZGetRefiCoinReturnsResponse,
});
