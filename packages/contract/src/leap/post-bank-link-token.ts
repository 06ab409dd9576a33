import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZIsoDateTime } from '../wire.js';

export const ZPostBankLinkTokenBody = z.object({
  /** The application the linked account will pay out to. */
  appUuid: z.uuid(),
});
export type TPostBankLinkTokenBody = z.infer<typeof ZPostBankLinkTokenBody>;

export const ZPostBankLinkTokenResponse = z.object({
  linkToken: z.string().check(z.minLength(1)),
  expiration: ZIsoDateTime,
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
