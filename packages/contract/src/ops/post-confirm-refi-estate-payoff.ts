import { z } from 'zod/mini';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { OPS } from './ops-base.js';

export const ZPostConfirmRefiEstatePayoffParams = z.object({ payoffUuid: z.uuid() });

export const ZPostConfirmRefiEstatePayoffBody = z.object({
  reference: z
    .string({ error: 'Give the payment reference' })
    .check(z.trim(), z.minLength(1, 'Give the payment reference'), z.maxLength(200)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(OPS_REASON_MAX_LENGTH))),
});
export type TPostConfirmRefiEstatePayoffBody = z.infer<typeof ZPostConfirmRefiEstatePayoffBody>;

/** Proposes confirming that the estate was paid; a different agent approves. */
export const postConfirmRefiEstatePayoff = defineEndpoint({
  method: 'POST',
  path: `${OPS}/refi/estate-payoffs/:payoffUuid/confirm`,
  auth: 'agent',
  summary: 'Propose confirming a payoff to the old lender’s estate (a different agent approves)',
  params: ZPostConfirmRefiEstatePayoffParams,
  body: ZPostConfirmRefiEstatePayoffBody,
  response: ZControlledAction,
  status: 202,
  control: 'ESTATE_PAYOFF',
});
