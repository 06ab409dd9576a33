import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZPercent } from '../wire.js';
import { ZCents, ZLoanParams } from './servicing-loan.js';

/** What deferring this month's interest would do; nothing changes. */
export const ZDeferralPreview = z.object({
  /** The interest that would be deferred (capitalised). */
  interestCents: ZCents,
  newBalanceCents: ZCents,
  /** LTV after the deferral at today's price, percent. */
  newLtv: ZPercent,
  /** Why the deferral is refused (margin call, nothing to defer…); null when it may go ahead. */
  refusedReason: z.nullable(z.string()),
});
export type TDeferralPreview = z.infer<typeof ZDeferralPreview>;

export const postServicingDeferralPreview = defineEndpoint({
  method: 'POST',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/deferrals/preview',
  auth: 'bearer',
  summary: 'Preview deferring the interest now due: amount, new balance and LTV, or why not',
  params: ZLoanParams,
  response: ZDeferralPreview,
});
