import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

export const ZPostBankLinkTokenBody = z.object({
  /** The application the linked account will pay out to. */
  appUuid: z.uuid(),
});
export type TPostBankLinkTokenBody = z.infer<typeof ZPostBankLinkTokenBody>;

/**
 * Which widget the token opens: `sandbox`, the in-app bank picker (DESIGN §3), or `plaid`, Plaid
 * Link loaded from Plaid's CDN.
 */
export const BANK_LINK_PROVIDERS = ['sandbox', 'plaid'] as const;
export type TBankLinkProvider = (typeof BANK_LINK_PROVIDERS)[number];

export const ZPostBankLinkTokenResponse = z.object({
  linkToken: z.string().check(z.minLength(1)),
  expiration: ZIsoDateTime,
  provider: z.enum(BANK_LINK_PROVIDERS),
});
export type TPostBankLinkTokenResponse = z.infer<typeof ZPostBankLinkTokenResponse>;

export const postBankLinkToken = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/bank-link/link-token`,
  auth: 'bearer',
  summary: 'Start linking a bank: a short-lived token for the bank-link widget',
  body: ZPostBankLinkTokenBody,
  response: ZPostBankLinkTokenResponse,
});
