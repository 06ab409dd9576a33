import { z } from 'zod/mini';
import { defineEndpoint, ZBinary } from '../define-endpoint.js';
import { ZLoanParams } from './servicing-loan.js';

export const ZLiquidationStatementParams = z.extend(ZLoanParams, { liquidationUuid: z.uuid() });

export const getServicingLiquidationStatement = defineEndpoint({
  method: 'GET',
  path: '/provenance/borrower/servicing/v2/loans/:loanUuid/liquidations/:liquidationUuid/statement',
  auth: 'bearer',
  summary:
    "A liquidation's statement as PDF bytes (application/pdf): what was sold, at what price, and why",
  params: ZLiquidationStatementParams,
  response: ZBinary,
});
