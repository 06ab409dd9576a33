import type { z } from 'zod/mini';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZCollateralInfo } from '../entities/collateral-info.js';
import { ZAppParams } from '../wire.js';

export const ZGetCollateralResponse = ZCollateralInfo;
export type TGetCollateralResponse = z.infer<typeof ZGetCollateralResponse>;

export const getCollateral = defineEndpoint({
  method: 'GET',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral`,
  auth: 'bearer',
  summary: 'Settled collateral: deposit wallet, balance, transactions and the amount still due',
  params: ZAppParams,
  response: ZGetCollateralResponse,
});
