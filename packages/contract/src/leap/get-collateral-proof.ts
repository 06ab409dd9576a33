import { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralProof } from '../entities/collateral-proof.js';
import { ZAppParams, ZIsoDateTime } from '../wire.js';

export const ZGetCollateralProofResponse = z.extend(ZCollateralProof, {
  /**
   * The public link to this proof, when one is on: only when it was made (the link itself is
   * shown once, when it is made; the server keeps only a fingerprint of it).
   */
  publicLink: z.nullable(z.object({ createdAt: ZIsoDateTime })),
});
export type TGetCollateralProofResponse = z.infer<typeof ZGetCollateralProofResponse>;

export const getCollateralProof = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/proof`,
  auth: 'bearer',
  summary:
    "The loan's collateral proof: addresses, the watcher's last confirmed balance and height, every movement",
  params: ZAppParams,
  response: ZGetCollateralProofResponse,
});
