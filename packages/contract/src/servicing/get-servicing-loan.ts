import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingLoan } from './servicing-loan.js';

export const getServicingLoan = defineEndpoint({
  method: 'GET',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid',
  auth: 'bearer',
  summary: 'One of the borrower’s loans: balances, next payment, schedule, payments, statements',
  params: ZLoanParams,
  response: ZServicingLoan,
});
