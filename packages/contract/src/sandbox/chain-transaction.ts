import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { ZCoinQuantity, ZCoinQuantityInput, ZIsoDateTime } from '../wire.js';

/** What the sandbox chain is told of coins moving into or out of one derived address. */
export const ZSandboxChainTransactionBody = z.object({
  /** A deposit address the sandbox chain derived for an application. */
  address: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  /** Coins moved: deposited, or sent out (a release, a liquidation sale; at most what it holds). */
  amount: ZCoinQuantityInput,
  /** Confirmations so far; the movement counts in the address's balance once they are reached. */
  confirmations: z.optional(z.number().check(z.int(), z.nonnegative(), z.lte(1000))),
});
export type TSandboxChainTransactionBody = z.infer<typeof ZSandboxChainTransactionBody>;

/** One transaction the sandbox chain recorded. */
export const ZSandboxChainTransaction = z.object({
  transactionHash: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  collateralType: z.enum(COLLATERAL_TYPES),
  amount: ZCoinQuantity,
  confirmations: z.number().check(z.int(), z.nonnegative()),
  createdAt: ZIsoDateTime,
});
export type TSandboxChainTransaction = z.infer<typeof ZSandboxChainTransaction>;
