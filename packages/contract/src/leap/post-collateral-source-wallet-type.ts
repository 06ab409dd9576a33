import { z } from 'zod/mini';
import { WALLET_SOURCE_TYPES, ZWalletSourceType } from '@pledge/domain';
import { defineEndpoint, LEAP } from '../define-endpoint.js';
import { ZAppParams } from '../wire.js';

/** The body is the bare JSON string `"SELF_HOSTED"` or `"CUSTODIAL"` (document 2 §7). */
export const ZPostCollateralSourceWalletTypeBody = ZWalletSourceType;
export type TPostCollateralSourceWalletTypeBody = z.infer<
  typeof ZPostCollateralSourceWalletTypeBody
>;

export const ZPostCollateralSourceWalletTypeResponse = z.object({
  walletSourceType: z.enum(WALLET_SOURCE_TYPES),
});
export type TPostCollateralSourceWalletTypeResponse = z.infer<
  typeof ZPostCollateralSourceWalletTypeResponse
>;

export const postCollateralSourceWalletType = defineEndpoint({
  method: 'POST',
  path: `${LEAP}/secure/api/v1/applications/:appUuid/collateral/source-wallet-type`,
  auth: 'bearer',
  summary: 'Record whether the collateral comes from a self-hosted or a custodial wallet',
  params: ZAppParams,
  body: ZPostCollateralSourceWalletTypeBody,
  response: ZPostCollateralSourceWalletTypeResponse,
});
