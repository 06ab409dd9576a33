import { z } from 'zod/mini';
import { BANK_ACCOUNT_TYPES, USDC_CHAINS } from '@pledge/domain';
import { ZIsoDateTime } from '../wire.js';

/** How the loan is paid out: a typed-in bank account, a linked bank account, or a USDC wallet. */
export const DISBURSEMENT_METHODS = ['MANUAL_BANK', 'LINKED_ACCOUNT', 'USDC_WALLET'] as const;
export type TDisbursementMethod = (typeof DISBURSEMENT_METHODS)[number];

/** The disbursement destination on record; account numbers appear only as a mask. */
export const ZDisbursement = z.object({
  method: z.enum(DISBURSEMENT_METHODS),
  accountType: z.nullable(z.enum(BANK_ACCOUNT_TYPES)),
  accountNumberMask: z.nullable(z.string().check(z.regex(/^\d{2,4}$/))),
  routingNumber: z.nullable(z.string().check(z.regex(/^\d{9}$/))),
  accountHolderName: z.nullable(z.string()),
  walletAddress: z.nullable(z.string()),
  chain: z.nullable(z.enum(USDC_CHAINS)),
  updatedAt: ZIsoDateTime,
});
export type TDisbursement = z.infer<typeof ZDisbursement>;
