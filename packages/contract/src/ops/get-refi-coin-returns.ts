import { z } from 'zod/mini';
import { REFI_COIN_RETURN_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiCoinReturnItem } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_SIZE_DEFAULT, OPS_PAGE_SIZE_MAX } from './get-applications.js';

export const ZGetRefiCoinReturnsQuery = z.object({
  status: z.optional(z.enum(REFI_COIN_RETURN_STATUSES)),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
});
export type TGetRefiCoinReturnsQuery = z.infer<typeof ZGetRefiCoinReturnsQuery>;

export const ZGetRefiCoinReturnsResponse = z.object({
  items: z.array(ZRefiCoinReturnItem),
  nextCursor: z.nullable(z.string()),
});
export type TGetRefiCoinReturnsResponse = z.infer<typeof ZGetRefiCoinReturnsResponse>;

export const getRefiCoinReturns = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/coin-returns`,
  auth: 'agent',
  summary: 'Coins ended refinancings received, and where each goes, newest first',
  query: ZGetRefiCoinReturnsQuery,
  response: ZGetRefiCoinReturnsResponse,
});
