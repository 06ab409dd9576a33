import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZBankLinkItem } from '../entities/bank-link.js';

export const ZGetBankLinkAuthQuery = z.object({
  appUuid: z.uuid(),
});
export type TGetBankLinkAuthQuery = z.infer<typeof ZGetBankLinkAuthQuery>;

export const ZGetBankLinkAuthResponse = z.object({
  items: z.array(ZBankLinkItem),
});
export type TGetBankLinkAuthResponse = z.infer<typeof ZGetBankLinkAuthResponse>;

export const getBankLinkAuth = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/bank-link/auth`,
  auth: 'bearer',
  summary: 'Linked institutions with their status and accounts (polled while any is PENDING)',
  query: ZGetBankLinkAuthQuery,
  response: ZGetBankLinkAuthResponse,
});
