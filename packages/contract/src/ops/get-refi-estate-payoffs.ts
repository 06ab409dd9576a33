import { z } from 'zod/mini';
import { REFI_ESTATE_PAYOFF_STATUSES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRefiEstatePayoff } from '../refi/refi-entities.js';
import { OPS } from './ops-base.js';
import { OPS_PAGE_SIZE_DEFAULT, OPS_PAGE_SIZE_MAX } from './get-applications.js';

export const ZGetRefiEstatePayoffsQuery = z.object({
  status: z.optional(z.enum(REFI_ESTATE_PAYOFF_STATUSES)),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(OPS_PAGE_SIZE_MAX)),
    OPS_PAGE_SIZE_DEFAULT,
  ),
});
export type TGetRefiEstatePayoffsQuery = z.infer<typeof ZGetRefiEstatePayoffsQuery>;

export const ZGetRefiEstatePayoffsResponse = z.object({
  items: z.array(ZRefiEstatePayoff),
  nextCursor: z.nullable(z.string()),
});
export type TGetRefiEstatePayoffsResponse = z.infer<typeof ZGetRefiEstatePayoffsResponse>;

export const getRefiEstatePayoffs = defineEndpoint({
  method: 'GET',
  path: `${OPS}/refi/estate-payoffs`,
  auth: 'agent',
  summary: 'Payoffs owed to the old lender’s estate for completed refinancings, newest first',
  query: ZGetRefiEstatePayoffsQuery,
  response: ZGetRefiEstatePayoffsResponse,
});
