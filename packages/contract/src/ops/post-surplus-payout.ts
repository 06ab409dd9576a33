import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZPaymentCents } from '../servicing/post-payment.js';
import { ZLoanParams } from '../servicing/servicing-loan.js';
import { ZIsoDate, ZIsoDateTime } from '../wire.js';
import { OPS } from './ops-base.js';
import { ZWireReference } from './post-wire-payment.js';

/** The wire that sent a liquidation's surplus back to the borrower. */
export const ZPostOpsSurplusPayoutBody = z.object({
  /** The whole surplus owed (SURPLUS_PAYABLE), in one wire. */
  amountCents: ZPaymentCents,
  reference: ZWireReference,
  /** The day the wire was sent; never after today. */
  sentOn: ZIsoDate,
});
export type TPostOpsSurplusPayoutBody = z.infer<typeof ZPostOpsSurplusPayoutBody>;

/** A recorded surplus payout: its journal, the wire's evidence, who recorded it and when. */
export const ZSurplusPayout = z.object({
  journalUuid: z.uuid(),
  loanUuid: z.uuid(),
  amountCents: z.int(),
  reference: z.string(),
  sentOn: ZIsoDate,
  recordedAt: ZIsoDateTime,
});
export type TSurplusPayout = z.infer<typeof ZSurplusPayout>;

/** Proposes recording that a liquidation's surplus was wired back. Needs the Idempotency-Key header. */
export const postOpsSurplusPayout = defineEndpoint({
  method: 'POST',
  path: `${OPS}/loans/:loanUuid/surplus-payouts`,
  auth: 'agent',
  summary:
    'Propose the wire that paid a liquidation surplus back (Idempotency-Key header required)',
  params: ZLoanParams,
  body: ZPostOpsSurplusPayoutBody,
  response: ZControlledAction,
  status: 202,
  control: 'SURPLUS_PAYOUT',
});
