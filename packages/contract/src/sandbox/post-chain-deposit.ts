import { z } from 'zod';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZCoinQuantity, ZCoinQuantityInput, ZIsoDateTime } from '../wire.js';

export const ZPostSandboxChainDepositBody = z.object({
  /** A deposit address the sandbox chain derived for an application. */
  address: z.string().trim().min(1).max(128),
  /** Coins deposited. */
  amount: ZCoinQuantityInput,
  /** Confirmations so far; deposits count once they reach the required number. */
  confirmations: z.number().int().nonnegative().max(1000).optional(),
});
export type TPostSandboxChainDepositBody = z.infer<typeof ZPostSandboxChainDepositBody>;

export const ZPostSandboxChainDepositResponse = z.object({
  transactionHash: z.string().min(1),
  address: z.string().min(1),
  collateralType: z.enum(COLLATERAL_TYPES),
  amount: ZCoinQuantity,
  confirmations: z.number().int().nonnegative(),
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
