import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanStatus } from '../entities/loan-status.js';

export const ZGetLoanStatusResponse = z.object({
  loans: z.array(ZLoanStatus),
});
export type TGetLoanStatusResponse = z.infer<typeof ZGetLoanStatusResponse>;

export const getLoanStatus = defineEndpoint({
  method: 'GET',
  path: '/provenance/borrower/servicing/v2/loanStatus',
  auth: 'bearer',
  summary: "The signed-in borrower's funded loans",
  response: ZGetLoanStatusResponse,
});
