import { z } from 'zod';
import { COLLATERAL_TYPES, WALLET_SOURCE_TYPES, WITHDRAWAL_RESULTS } from '@pledge/domain';
import { ZCoinAmount } from './coin-amount.js';
import { ZCoinQuantity, ZIsoDateTime, ZUsd } from '../wire.js';

/** Direction of a movement on the collateral wallet. */
export const COLLATERAL_TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type TCollateralTransactionType = (typeof COLLATERAL_TRANSACTION_TYPES)[number];

export const ZCollateralTransaction = z.object({
  transactionTime: ZIsoDateTime,
  transactionType: z.enum(COLLATERAL_TRANSACTION_TYPES),
  transactionAmount: ZCoinQuantity,
  transactionHash: z.string().min(1).nullable(),
  /** Confirmed on chain; only confirmed deposits count toward the required amount. */
  confirmed: z.boolean(),
});
export type TCollateralTransaction = z.infer<typeof ZCollateralTransaction>;

export const ZCollateralWallet = z.object({
  depositAddress: z.string().min(1),
  currentTotalCoinBalance: ZCoinAmount,
  transactions: z.array(ZCollateralTransaction),
});
export type TCollateralWallet = z.infer<typeof ZCollateralWallet>;

export const ZMicroDepositVerify = z.object({
  borrowerOptIn: z.boolean(),
  minVerifyAmount: ZCoinAmount,
  /** When the borrower opted in; null until then. */
  optedInAt: ZIsoDateTime.nullable(),
});
export type TMicroDepositVerify = z.infer<typeof ZMicroDepositVerify>;

export const ZCollateralReleaseRequest = z.object({
  requestId: z.uuid(),
  address: z.string().min(1),
});
export type TCollateralReleaseRequest = z.infer<typeof ZCollateralReleaseRequest>;

export const ZCollateralReleaseResponse = z.object({
  id: z.uuid(),
  result: z.enum(WITHDRAWAL_RESULTS),
});
export type TCollateralReleaseResponse = z.infer<typeof ZCollateralReleaseResponse>;

/** Collateral info (document 1 §3): what is due, the deposit wallet and the release state. */
export const ZCollateralInfo = z.object({
  requiredCoinAmount: ZCoinAmount,
  remainingCoinAmountDue: ZCoinAmount,
  collateralPrice: z.object({
    type: z.enum(COLLATERAL_TYPES),
    valueOfOne: ZUsd,
    priceAsOf: ZIsoDateTime,
  }),
  /** Null until the deposit address has been derived. */
  wallet: ZCollateralWallet.nullable(),
  walletSourceType: z.enum(WALLET_SOURCE_TYPES),
  /** When the borrower said the collateral was sent; drives the "collateral not found" notice. */
  borrowerConfirmedAt: ZIsoDateTime.nullable(),
  microDepositVerify: ZMicroDepositVerify.nullable(),
  collateralReleaseRequest: ZCollateralReleaseRequest.nullable(),
  collateralReleaseResponses: z.array(ZCollateralReleaseResponse),
});
export type TCollateralInfo = z.infer<typeof ZCollateralInfo>;
