import { z } from 'zod/mini';
import { BANK_ACCOUNT_TYPES, CHOOSE_ACCOUNT_MESSAGES } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZDisbursement } from '../entities/disbursement.js';
import { ZAppParams } from '../wire.js';

export const ZPostDisbursementAccountBody = z.object({
  /** The linked account's type, upper-cased. */
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  /** The `id` of a linked account from the bank-link auth list. */
  achAccountId: z
    .string()
    .check(z.trim(), z.minLength(1, CHOOSE_ACCOUNT_MESSAGES.required), z.maxLength(128)),
});
export type TPostDisbursementAccountBody = z.infer<typeof ZPostDisbursementAccountBody>;

export const postDisbursementAccount = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/disbursement/account`,
  auth: 'bearer',
  summary: 'Choose a linked personal bank account for the ACH payout',
  params: ZAppParams,
  body: ZPostDisbursementAccountBody,
  response: ZDisbursement,
});
