import { z } from 'zod/mini';
import {
  COLLATERAL_TYPES,
  PAYOFF_METHODS,
  WALLET_SOURCE_TYPES,
  WITHDRAWAL_RESULTS,
} from '@pledge/domain';
import { ZCoinAmount } from './coin-amount.js';
import { ZCoinQuantity, ZIsoDateTime, ZUsd } from '../wire.js';

/** Direction of a movement on the collateral wallet. */
export const COLLATERAL_TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type TCollateralTransactionType = (typeof COLLATERAL_TRANSACTION_TYPES)[number];

export const ZCollateralTransaction = z.object({
  transactionTime: ZIsoDateTime,
  transactionType: z.enum(COLLATERAL_TRANSACTION_TYPES),
  transactionAmount: ZCoinQuantity,
  transactionHash: z.nullable(z.string().check(z.minLength(1))),
  /** Confirmed on chain; only confirmed deposits count toward the required amount. */
  confirmed: z.boolean(),
});
export type TCollateralTransaction = z.infer<typeof ZCollateralTransaction>;

export const ZCollateralWallet = z.object({
  depositAddress: z.string().check(z.minLength(1)),
  currentTotalCoinBalance: ZCoinAmount,
  transactions: z.array(ZCollateralTransaction),
});
export type TCollateralWallet = z.infer<typeof ZCollateralWallet>;

export const ZMicroDepositVerify = z.object({
  borrowerOptIn: z.boolean(),
  minVerifyAmount: ZCoinAmount,
  /** When the borrower opted in; null until then. */
  optedInAt: z.nullable(ZIsoDateTime),
});
export type TMicroDepositVerify = z.infer<typeof ZMicroDepositVerify>;

export const ZCollateralReleaseRequest = z.object({
  requestId: z.uuid(),
  address: z.string().check(z.minLength(1)),
  /**
   * When the collateral goes out: at once, or at the end of the hold after the payoff (document 1
   * §9). Later than now: the release is accepted and scheduled, not yet sent.
   */
  scheduledFor: z.optional(ZIsoDateTime),
});
export type TCollateralReleaseRequest = z.infer<typeof ZCollateralReleaseRequest>;

export const ZCollateralReleaseResponse = z.object({
  id: z.uuid(),
  result: z.enum(WITHDRAWAL_RESULTS),
});
export type TCollateralReleaseResponse = z.infer<typeof ZCollateralReleaseResponse>;

/**
 * The recorded payoff of a loan: how it was paid, when, and the end of the hold on the crypto that
 * follows it (document 1 §9: 3 weeks after ACH, 3 days after a wire).
 */
export const ZCollateralPayoff = z.object({
  method: z.enum(PAYOFF_METHODS),
  paidOffAt: ZIsoDateTime,
  heldUntil: ZIsoDateTime,
});
export type TCollateralPayoff = z.infer<typeof ZCollateralPayoff>;

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
  wallet: z.nullable(ZCollateralWallet),
  walletSourceType: z.enum(WALLET_SOURCE_TYPES),
  /** When the borrower said the collateral was sent; drives the "collateral not found" notice. */
  borrowerConfirmedAt: z.nullable(ZIsoDateTime),
  microDepositVerify: z.nullable(ZMicroDepositVerify),
  collateralReleaseRequest: z.nullable(ZCollateralReleaseRequest),
  collateralReleaseResponses: z.array(ZCollateralReleaseResponse),
  /** Present once the loan is paid off (stage COLLATERAL_RELEASE and after) and the payoff recorded. */
  payoff: z.optional(ZCollateralPayoff),
  /**
   * Present when a liquidation closed the loan with nothing owed and coins left: the coins still
   * held, to be returned through the release as after a payoff (no hold, there was no payoff).
   */
  liquidationRemainder: z.optional(ZCoinAmount),
});
export type TCollateralInfo = z.infer<typeof ZCollateralInfo>;
