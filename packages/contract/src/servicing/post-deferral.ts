import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingLoan } from './servicing-loan.js';

/**
 * Defers the interest now due, capitalising it; refused (409, with the reason) when it would put the
 * loan into margin call. Needs the Idempotency-Key header.
 */
export const postServicingDeferral = defineEndpoint({
  method: 'POST',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/deferrals',
  auth: 'bearer',
  summary: 'Defer the interest now due (Idempotency-Key header required); answers the loan',
  params: ZLoanParams,
  response: ZServicingLoan,
  status: 201,
});
