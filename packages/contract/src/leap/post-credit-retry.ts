import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZApplication } from '../entities/application.js';
import { ZAppParams } from '../wire.js';

/**
 * No body. The borrower has unlocked or unfrozen their credit file and asks for the soft credit
 * check again: allowed from SOFT_CREDIT_LOCKED or SOFT_CREDIT_FROZEN within CREDIT_UNLOCKED_DAYS
 * of the submitted details, refused with 409 otherwise. A repeat while the check runs (a double
 * click) answers the same application and starts nothing more.
 */
export const postCreditRetry = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/credit-retry`,
  auth: 'bearer',
  summary: 'Run the soft credit check again after the borrower unlocked or unfroze their credit',
  params: ZAppParams,
  /**
   * The application, back in SOFT_CREDIT: poll its state while the soft credit check runs again,
   * exactly as after the details were submitted.
   */
  response: ZApplication,
  status: 202,
});
