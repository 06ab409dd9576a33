import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCoinQuantity, ZCoinQuantityInput, ZIsoDateTime } from '../wire.js';

export const ZPostSandboxChainWithdrawalBody = z.object({
  /** A deposit address the sandbox chain derived for an application. */
  address: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  /** Coins sent out of the address (a release, a liquidation sale); at most what it holds. */
  amount: ZCoinQuantityInput,
  /** Confirmations so far; the address's confirmed balance drops once they are reached. */
  confirmations: z.optional(z.number().check(z.int(), z.nonnegative(), z.lte(1000))),
});
export type TPostSandboxChainWithdrawalBody = z.infer<typeof ZPostSandboxChainWithdrawalBody>;

export const ZPostSandboxChainWithdrawalResponse = z.object({
  transactionHash: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  collateralType: z.enum(COLLATERAL_TYPES),
  amount: ZCoinQuantity,
  confirmations: z.number().check(z.int(), z.nonnegative()),
  createdAt: ZIsoDateTime,
});
export type TPostSandboxChainWithdrawalResponse = z.infer<
  typeof ZPostSandboxChainWithdrawalResponse
>;

export const postSandboxChainWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/sandbox/chain/withdrawals',
  auth: 'none',
  summary:
    'Sandbox only: simulate coins leaving a derived address (404 if unknown, 409 above its balance)',
  body: ZPostSandboxChainWithdrawalBody,
  response: ZPostSandboxChainWithdrawalResponse,
  status: 201,
});
