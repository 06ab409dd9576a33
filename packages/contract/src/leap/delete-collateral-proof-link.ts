import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZAppParams, ZNoContent } from '../wire.js';

export const deleteCollateralProofLink = defineEndpoint({
  method: 'DELETE',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/proof/link`,
  auth: 'bearer',
  summary: 'Turn the public link to the collateral proof off (idempotent)',
  params: ZAppParams,
  response: ZNoContent,
  status: 204,
});
