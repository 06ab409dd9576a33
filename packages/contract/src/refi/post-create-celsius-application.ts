import { z } from 'zod/mini';
import { ZCelsiusLoanIdForm } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZRefinancingApplication } from '../entities/application.js';
import { ZRefiIneligibleLoan } from './refi-entities.js';

/**
 * The refinancing applications for the looked-up loan (a repeat answers the same application), and
 * the loans found that cannot be refinanced with their reasons. `applications` empty with
 * `ineligibleLoans` filled is the 'You have no eligible loans' case. An unknown id (or another
 * borrower's) answers 404 with the message shown in the lookup's error alert.
 */
export const ZPostCreateCelsiusApplicationResponse = z.object({
  applications: z.array(ZRefinancingApplication),
  ineligibleLoans: z.array(ZRefiIneligibleLoan),
});
export type TPostCreateCelsiusApplicationResponse = z.infer<
  typeof ZPostCreateCelsiusApplicationResponse
>;

export const postCreateCelsiusApplication = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/create-celsius`,
  auth: 'bearer',
  summary: 'Look up the old lender’s loans by loan id and open refinancing applications for them',
  /** A loan id of the old lender; every eligible loan combined with it is looked up. */
  body: ZCelsiusLoanIdForm,
  response: ZPostCreateCelsiusApplicationResponse,
});
