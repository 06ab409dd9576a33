import { z } from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { ZLoanParams, ZServicingLoan } from './servicing-loan.js';

export const ZPutServicingAutopayBody = z.object({ enabled: z.boolean() });
export type TPutServicingAutopayBody = z.infer<typeof ZPutServicingAutopayBody>;

export const putServicingAutopay = defineEndpoint({
  method: 'PUT',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/autopay',
  auth: 'bearer',
  summary: 'Turn autopay (the amount due debited on each due date) on or off; answers the loan',
  params: ZLoanParams,
  body: ZPutServicingAutopayBody,
  response: ZServicingLoan,
});
