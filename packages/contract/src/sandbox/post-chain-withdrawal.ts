import type { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZSandboxChainTransaction, ZSandboxChainTransactionBody } from './chain-transaction.js';

/** At most what the address holds; its confirmed balance drops once the confirmations are reached. */
export const ZPostSandboxChainWithdrawalBody = ZSandboxChainTransactionBody;
export type TPostSandboxChainWithdrawalBody = z.infer<typeof ZPostSandboxChainWithdrawalBody>;

export const ZPostSandboxChainWithdrawalResponse = ZSandboxChainTransaction;
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
