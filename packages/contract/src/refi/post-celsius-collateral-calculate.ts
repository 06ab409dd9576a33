import { z } from 'zod/mini';
import { REFI_FORM_MESSAGES } from '@pledge/domain';
import { defineEndpoint, REFI } from '../define-endpoint.js';
import { ZCoinAmount } from '../entities/coin-amount.js';
import { ZCollateralWallet } from '../entities/collateral-info.js';
import { ZAppParams, ZIsoDateTime, ZPercent, ZUsd } from '../wire.js';

export const ZPostCelsiusCollateralCalculateBody = z.object({
  offerUuid: z.uuid({ error: REFI_FORM_MESSAGES.rateRequired }),
});
export type TPostCelsiusCollateralCalculateBody = z.infer<
  typeof ZPostCelsiusCollateralCalculateBody
>;

/** The top-up estimate for a refinancing offer at the current price. */
export const ZCelsiusTopUpCollateral = z.object({
  offerUuid: z.uuid(),
  /** LTV of the loan on the collateral it already has, percent. */
  currentLtv: ZPercent,
  /** LTV the top-up brings the loan to, percent. */
  targetLtv: ZPercent,
  topUpRequired: z.boolean(),
  /** Coins still to send; zero when no top-up is required. */
  topUpCoinAmount: ZCoinAmount,
  existingCollateral: ZCoinAmount,
  valueOfOne: ZUsd,
  priceAsOf: ZIsoDateTime,
  /** Null until the top-up is requested and a deposit address is derived. */
  wallet: z.nullable(ZCollateralWallet),
  expiresAt: z.nullable(ZIsoDateTime),
});
export type TCelsiusTopUpCollateral = z.infer<typeof ZCelsiusTopUpCollateral>;

export const ZPostCelsiusCollateralCalculateResponse = z.object({
  celsiusTopUpCollateral: ZCelsiusTopUpCollateral,
});
export type TPostCelsiusCollateralCalculateResponse = z.infer<
  typeof ZPostCelsiusCollateralCalculateResponse
>;

/** A POST read as a query: it prices the top-up and changes nothing. */
export const postCelsiusCollateralCalculate = defineEndpoint({
  method: 'POST',
  path: `${REFI}/applications/:appUuid/celsius-collateral/calculate`,
  auth: 'bearer',
  summary: 'Collateral top-up needed for a refinancing offer',
  params: ZAppParams,
  body: ZPostCelsiusCollateralCalculateBody,
  response: ZPostCelsiusCollateralCalculateResponse,
});
