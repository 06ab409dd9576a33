import { z } from 'zod/mini';
import { BANK_LINK_ACCOUNTS_MAX_COUNT } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZBankInstitution, ZBankLinkItem } from '../entities/bank-link.js';

/** What the bank-link widget reports on success, passed through for the server's records. */
export const ZBankLinkMetadata = z.object({
  institution: ZBankInstitution,
  accounts: z
    .array(
      z.object({
        id: z.string().check(z.minLength(1), z.maxLength(128)),
        name: z.string().check(z.maxLength(200)),
        mask: z.nullable(z.string().check(z.maxLength(8))),
        type: z.string().check(z.maxLength(64)),
        subtype: z.nullable(z.string().check(z.maxLength(64))),
      }),
    )
    .check(z.maxLength(BANK_LINK_ACCOUNTS_MAX_COUNT)),
  linkSessionId: z.string().check(z.minLength(1), z.maxLength(128)),
});
export type TBankLinkMetadata = z.infer<typeof ZBankLinkMetadata>;

export const ZPostBankLinkExchangeBody = z.object({
  appUuid: z.uuid(),
  /** The one-time public token the widget hands back; the server trades it for an access token. */
  publicToken: z.string().check(z.minLength(1), z.maxLength(512)),
  metadata: ZBankLinkMetadata,
});
export type TPostBankLinkExchangeBody = z.infer<typeof ZPostBankLinkExchangeBody>;

export const ZPostBankLinkExchangeResponse = z.object({
  item: ZBankLinkItem,
});
export type TPostBankLinkExchangeResponse = z.infer<typeof ZPostBankLinkExchangeResponse>;

export const postBankLinkExchange = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/bank-link/exchange`,
  auth: 'bearer',
  summary: 'Finish linking a bank: exchange the public token; the item starts PENDING',
  body: ZPostBankLinkExchangeBody,
  response: ZPostBankLinkExchangeResponse,
});
