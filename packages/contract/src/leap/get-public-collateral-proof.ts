import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralProof, ZCollateralProofToken } from '../entities/collateral-proof.js';

export const ZPublicCollateralProofParams = z.object({ token: ZCollateralProofToken });

export const ZGetPublicCollateralProofResponse = ZCollateralProof;
export type TGetPublicCollateralProofResponse = z.infer<typeof ZGetPublicCollateralProofResponse>;

export const getPublicCollateralProof = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/insecure/api/v1/collateral-proofs/:token`,
  auth: 'none',
  summary:
    'A collateral proof by its public link (no personal data; 404 for an unknown or turned-off link)',
  params: ZPublicCollateralProofParams,
  response: ZGetPublicCollateralProofResponse,
});
