import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZAppParams } from '../wire.js';
import { OPS } from './ops-base.js';

export const ZPostRefiCoinReturnBody = z.object({
  /** The withdrawal that sent the coins back. */
  transactionHash: z
    .string({ error: 'Give the transaction of the return' })
    .check(z.trim(), z.minLength(1, 'Give the transaction of the return'), z.maxLength(200)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(OPS_REASON_MAX_LENGTH))),
});
export type TPostRefiCoinReturnBody = z.infer<typeof ZPostRefiCoinReturnBody>;

/** Proposes recording that an ended refinancing's coins went back; a different agent approves. */
export const postRefiCoinReturn = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/coin-returns/:appUuid/return`,
  auth: 'agent',
  summary:
    'Propose recording the return of an ended refinancing’s coins to the borrower’s address (a different agent approves)',
  params: ZAppParams,
  body: ZPostRefiCoinReturnBody,
  response: ZControlledAction,
  status: 202,
  control: 'REFI_COIN_RETURN',
});
