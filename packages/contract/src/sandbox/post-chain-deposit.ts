import { z } from 'zod/mini';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCoinQuantity, ZCoinQuantityInput, ZIsoDateTime } from '../wire.js';

export const ZPostSandboxChainDepositBody = z.object({
  /** A deposit address the sandbox chain derived for an application. */
  address: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
  /** Coins deposited. */
  amount: ZCoinQuantityInput,
  /** Confirmations so far; deposits count once they reach the required number. */
  confirmations: z.optional(z.number().check(z.int(), z.nonnegative(), z.lte(1000))),
});
export type TPostSandboxChainDepositBody = z.infer<typeof ZPostSandboxChainDepositBody>;

export const ZPostSandboxChainDepositResponse = z.object({
  transactionHash: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  collateralType: z.enum(COLLATERAL_TYPES),
  amount: ZCoinQuantity,
  confirmations: z.number().check(z.int(), z.nonnegative()),
  createdAt: ZIsoDateTime,
});
export type TPostSandboxChainDepositResponse = z.infer<typeof ZPostSandboxChainDepositResponse>;

export const postSandboxChainDeposit = defineEndpoint({
  method: 'POST',
  path: '/sandbox/chain/deposits',
  auth: 'none',
  summary: 'Sandbox only: simulate an on-chain deposit to a derived address (404 if unknown)',
  body: ZPostSandboxChainDepositBody,
  response: ZPostSandboxChainDepositResponse,
  status: 201,
});
