import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralInfo } from '../entities/collateral-info.js';
import { ZAppParams } from '../wire.js';

export const ZPostCollateralCalculateResponse = ZCollateralInfo;
export type TPostCollateralCalculateResponse = z.infer<typeof ZPostCollateralCalculateResponse>;

/** A POST read as a query: it recomputes the amounts at the current price and changes nothing. */
export const postCollateralCalculate = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/calculate`,
  auth: 'bearer',
  summary: 'Collateral info recomputed at the current price (derives the deposit wallet if needed)',
  params: ZAppParams,
  response: ZPostCollateralCalculateResponse,
});
