import { z } from 'zod/mini';
import { defineEndpoint, ZBinary } from '../define-endpoint.js';
import { ZLoanParams } from './servicing-loan.js';

export const ZStatementParams = z.extend(ZLoanParams, { statementUuid: z.uuid() });

export const getServicingStatement = defineEndpoint({
  method: 'GET',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/statements/:statementUuid',
  auth: 'bearer',
  summary: 'A monthly statement as PDF bytes (application/pdf)',
  params: ZStatementParams,
  response: ZBinary,
});
