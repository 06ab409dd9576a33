import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralProofToken } from '../entities/collateral-proof.js';
import { ZAppParams, ZIsoDateTime } from '../wire.js';

export const ZPostCollateralProofLinkResponse = z.object({
  /** The link's secret: shown now only; the public page is /proof/{token}. */
  token: ZCollateralProofToken,
  createdAt: ZIsoDateTime,
});
export type TPostCollateralProofLinkResponse = z.infer<typeof ZPostCollateralProofLinkResponse>;

export const postCollateralProofLink = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/proof/link`,
  auth: 'bearer',
  summary:
    'Make a public link to the collateral proof (the link before it stops working); the same Idempotency-Key header answers the same link while it is on',
  params: ZAppParams,
  response: ZPostCollateralProofLinkResponse,
  status: 201,
});
