import { z } from 'zod/mini';
import { WIRE_REFERENCE_MAX_LENGTH } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZControlledAction } from '../entities/controlled-action.js';
import { ZPaymentCents } from '../servicing/post-payment.js';
import { ZLoanParams } from '../servicing/servicing-loan.js';
import { ZIsoDate } from '../wire.js';
import { OPS } from './ops-base.js';

/** A wire's reference at the bank: the evidence kept with what the wire paid. */
export const ZWireReference = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the wire reference'),
    z.maxLength(WIRE_REFERENCE_MAX_LENGTH),
  );

export const ZPostOpsWirePaymentBody = z.object({
  amountCents: ZPaymentCents,
  reference: ZWireReference,
  /** The day the wire arrived; never after today. */
  receivedOn: ZIsoDate,
});
export type TPostOpsWirePaymentBody = z.infer<typeof ZPostOpsWirePaymentBody>;

/**
 * Proposes recording a wire the borrower sent, for the amount the bank statement shows (never more
 * than is owed); it reaches the ledger when a different agent approves. Needs the Idempotency-Key
 * header: the same key answers the same proposal.
 */
export const postOpsWirePayment = defineEndpoint({
  method: 'POST',
  path: `${OPS}/loans/:loanUuid/wire-payments`,
  auth: 'agent',
  summary: 'Propose recording a wire received for a loan (Idempotency-Key header required)',
  params: ZLoanParams,
  body: ZPostOpsWirePaymentBody,
  response: ZControlledAction,
  status: 202,
  control: 'RECORD_WIRE',
});
