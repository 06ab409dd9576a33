/**
 * Collateral risk of a funded loan (document 1 §9, issue "Servicing, part 2"): the LTV against its
 * warning, courtesy, margin-call and liquidation levels, the coin prices at which each is reached,
 * the cure deadline of an open margin call, and the liquidations that sold collateral. Every price a
 * decision used is stored; `priceObservationId` names it.
 */
import { z } from 'zod/mini';
import { RISK_LEVELS } from '@pledge/domain';
import { ZCoinAmount } from '../entities/coin-amount.js';
import { ZCoinQuantity, ZIsoDateTime, ZPercent } from '../wire.js';
import { ZCents } from './cents.js';

export const LIQUIDATION_REASONS = ['LIQUIDATION_LTV', 'CURE_DEADLINE_PASSED'] as const;
export const LIQUIDATION_ORDER_STATUSES = ['OPEN', 'FILLED'] as const;
/** A price is the median of several exchange tickers, or the sandbox's settable price. */
export const PRICE_SOURCES = ['MEDIAN', 'SANDBOX'] as const;

/** One stored price, as a decision used it. */
export const ZPriceObservation = z.object({
  priceObservationId: z.int(),
  type: z.enum(['BTC', 'ETH']),
  priceCents: ZCents,
  source: z.enum(PRICE_SOURCES),
  /** The exchanges whose tickers made the median (empty for the sandbox price). */
  venues: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10)),
  observedAt: ZIsoDateTime,
});
export type TPriceObservation = z.infer<typeof ZPriceObservation>;

export const ZLoanRiskThresholds = z.object({
  warningLtvPct: ZPercent,
  courtesyNoticeLtvPct: ZPercent,
  marginCallLtvPct: ZPercent,
  liquidationLtvPct: ZPercent,
});

/** The coin price (cents) at which the LTV reaches each level, at the current balance and collateral. */
export const ZLoanRiskTriggerPrices = z.object({
  warningPriceCents: ZCents,
  courtesyNoticePriceCents: ZCents,
  marginCallPriceCents: ZCents,
  liquidationPriceCents: ZCents,
});

export const ZLoanRisk = z.object({
  /** The level the last monitoring pass recorded (NONE, WARNING, COURTESY_NOTICE, MARGIN_CALL, LIQUIDATION). */
  level: z.enum(RISK_LEVELS),
  /** LTV at the current price on the interest-bearing balance, 2 decimals; null without a price. */
  ltvPct: z.nullable(ZPercent),
  thresholds: ZLoanRiskThresholds,
  /** Null while no price is known or nothing is owed. */
  triggerPrices: z.nullable(ZLoanRiskTriggerPrices),
  /** The price the figures use; null while none is known. */
  price: z.nullable(ZPriceObservation),
  /** Coins held as collateral now (after any deposit added or liquidation sold). */
  collateral: ZCoinAmount,
  /** The loan's deposit address for more collateral; null when it has none. */
  depositAddress: z.nullable(z.string().check(z.maxLength(128))),
  /** Coins to add to bring the LTV back below the warning level at this price ("0" when none). */
  collateralToWarning: ZCoinQuantity,
  /** Payment (cents) that would bring the LTV back below the warning level at this price. */
  paymentToWarningCents: ZCents,
  /**
   * The LTV a liquidation sells the collateral back down to (the tier's maximum initial LTV): with
   * the balance, the coins and a price, the sale the risk engine would make at that price.
   */
  liquidationTargetLtvPct: ZPercent,
  /** The end of an open margin call's 48-hour cure; null when none runs. */
  cureDeadline: z.nullable(ZIsoDateTime),
  /** A liquidation order waiting for the desk; null when none. */
  openLiquidationOrderUuid: z.nullable(z.uuid()),
});
export type TLoanRisk = z.infer<typeof ZLoanRisk>;

/** What one liquidation sold, at what price and why. */
export const ZLiquidation = z.object({
  liquidationUuid: z.uuid(),
  status: z.enum(LIQUIDATION_ORDER_STATUSES),
  reason: z.enum(LIQUIDATION_REASONS),
  /** LTV when it was decided, 2 decimals. */
  ltvAtDecisionPct: ZPercent,
  /** The price behind the decision. */
  decisionPrice: ZPriceObservation,
  /** Coins to sell (the plan), and, once filled, what was sold. */
  coinQuantityToSell: ZCoinQuantity,
  fill: z.nullable(
    z.object({
      coinQuantitySold: ZCoinQuantity,
      priceCents: ZCents,
      venue: z.string().check(z.maxLength(80)),
      executedAt: ZIsoDateTime,
      proceedsCents: ZCents,
      /** 2 % of the proceeds. */
      feeCents: ZCents,
      /** What reduced the balance. */
      appliedCents: ZCents,
      /** Proceeds beyond the balance, owed back to the borrower. */
      surplusCents: ZCents,
      ltvAfterPct: z.nullable(ZPercent),
    }),
  ),
  /** The sale's statement (PDF) can be downloaded: it was filled and its statement is written. */
  statementReady: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type TLiquidation = z.infer<typeof ZLiquidation>;
