import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralInfo } from '../entities/collateral-info.js';
import { ZAppParams } from '../wire.js';

/** No body (document 2 §7); idempotent, the first confirmation time is kept. */
export const postCollateralBorrowerConfirmation = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/borrower-confirmation`,
  auth: 'bearer',
  summary: 'The borrower says "I have sent the required amount of collateral"',
  params: ZAppParams,
  response: ZCollateralInfo,
});
