import { z } from 'zod/mini';
import { ZLoginEmail } from '@pledge/domain';
import { defineEndpoint } from '../define-endpoint.js';
import { ZRequestedCollateralFields } from '../entities/requested-collateral.js';
import { refineExactlyOneResidence, ZResidenceFields } from '../entities/residence.js';
import { ZPositiveUsd } from '../wire.js';

/** DESIGN §3: a funded loan for a borrower, made by walking every step of the real flow. */
export const ZPostSandboxLoanBody = z
  .extend(ZResidenceFields, {
    /** The borrower; their identity is created when the address is new. */
    email: ZLoginEmail,
    ...ZRequestedCollateralFields.shape,
    /** Cash to borrow, US dollars. */
    drawAmount: ZPositiveUsd,
  })
  .check(z.superRefine(refineExactlyOneResidence));
export type TPostSandboxLoanBody = z.infer<typeof ZPostSandboxLoanBody>;

/** The loan is identified by its application: loanUuid is the funded application's appUuid. */
export const ZPostSandboxLoanResponse = z.object({
  appUuid: z.uuid(),
  loanUuid: z.uuid(),
});
export type TPostSandboxLoanResponse = z.infer<typeof ZPostSandboxLoanResponse>;

export const postSandboxLoan = defineEndpoint({
  method: 'POST',
  path: '/sandbox/loans',
  auth: 'none',
  summary:
    'Sandbox only: a funded loan for the borrower, every step of the flow walked (application COMPLETE)',
  body: ZPostSandboxLoanBody,
  response: ZPostSandboxLoanResponse,
  status: 201,
});
