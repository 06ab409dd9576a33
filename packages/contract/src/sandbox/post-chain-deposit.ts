import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZSandboxChainTransaction, ZSandboxChainTransactionBody } from './chain-transaction.js';

export const ZPostSandboxChainDepositBody = ZSandboxChainTransactionBody;
export type TPostSandboxChainDepositBody = z.infer<typeof ZPostSandboxChainDepositBody>;

export const ZPostSandboxChainDepositResponse = ZSandboxChainTransaction;
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
