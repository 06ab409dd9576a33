import { z } from 'zod/mini';
import { ZCoinAmount } from './coin-amount.js';
import { ZIsoDateTime } from '../wire.js';

/** Progress of the optional collateral test deposit. */
export const MICRO_DEPOSIT_STATUSES = ['NOT_REQUESTED', 'AWAITING_DEPOSIT', 'VERIFIED'] as const;
export type TMicroDepositStatusCode = (typeof MICRO_DEPOSIT_STATUSES)[number];

export const ZMicroDepositStatus = z.object({
  status: z.enum(MICRO_DEPOSIT_STATUSES),
  borrowerOptIn: z.boolean(),
  /** The smallest test deposit that counts. */
  minVerifyAmount: ZCoinAmount,
  verifiedAt: z.nullable(ZIsoDateTime),
});
export type TMicroDepositStatus = z.infer<typeof ZMicroDepositStatus>;
