import { z } from 'zod/mini';
import { ZInternationalLoanDetails, ZLoanDetails } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

/**
 * The loan details form, tagged with the residency it was filled for: US residents give an SSN
 * and a US address, international residents neither. The server refuses a residency that differs
 * from the application's.
 */
export const ZPostLoanDetailsBody = z.discriminatedUnion('residency', [
  z.extend(ZLoanDetails, { residency: z.literal('UNITED_STATES') }),
  z.extend(ZInternationalLoanDetails, { residency: z.literal('INTERNATIONAL') }),
]);
export type TPostLoanDetailsBodyInput = z.input<typeof ZPostLoanDetailsBody>;
export type TPostLoanDetailsBody = z.output<typeof ZPostLoanDetailsBody>;

/** The application, now in ATTACH_PROFILE: poll its state while the soft credit check runs. */
export const ZPostLoanDetailsResponse = ZApplication;
export type TPostLoanDetailsResponse = z.infer<typeof ZPostLoanDetailsResponse>;

export const postLoanDetails = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/details`,
  auth: 'bearer',
  summary: 'Submit the loan details (profile, SSN, consents); starts the soft credit check',
  params: ZAppParams,
  body: ZPostLoanDetailsBody,
  response: ZPostLoanDetailsResponse,
  status: 202,
});
