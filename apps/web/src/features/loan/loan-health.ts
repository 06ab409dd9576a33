/**
 * What the loan page says about the loan's collateral risk, decided from the server's loan alone:
 * the words of each level, the LTV a price, a deposit or a payment would give, the countdown of a
 * margin call's cure and the reason of a liquidation.
 */
import type { TLiquidation, TLoanRisk, TServicingLoan } from '@pledge/contract';
import {
  Decimal,
  interestBearingCents,
  isWithinDecimals,
  ltvAfterCollateral,
  ltvAfterPayment,
  formatUsd,
  MARGIN_CALL_CURE_HOURS,
  riskLevel,
  shownLtvPct,
  toCoinQuantity,
  type TCureTimeLeft,
  type TWhatIfBasis,
  type TRiskLevel,
} from '@pledge/domain';
import { formatLtv } from './loan-view.js';

export const RISK_LEVEL_WORDS: Readonly<Record<TRiskLevel, string>> = {
  NONE: 'Healthy',
  WARNING: 'Warning',
  COURTESY_NOTICE: 'Close to a margin call',
  MARGIN_CALL: 'Margin call',
  LIQUIDATION: 'Liquidation',
};

/** The levels that ask the borrower to act. */
export function isAtRisk(level: TRiskLevel): boolean {
  return level !== 'NONE';
}

/** Decimals a borrower may type for coins to add (the chain's satoshi). */
export const ADD_COLLATERAL_MAX_DECIMALS = 8;

/** An LTV (2 decimals, rounded down) and the level the exact LTV is at. */
export type TLtvPreview = { ltvPct: number; level: TRiskLevel };

/** The figures the previews start from: the balance the LTV is on, the coins held, the price. */
type TRiskBasis = { balanceCents: number; coinQuantity: string; priceCents: number };

function riskBasis(loan: Pick<TServicingLoan, 'balances' | 'risk'>): TRiskBasis | null {
  const { price, collateral } = loan.risk;
  if (price === null || toCoinQuantity(collateral.coinQuantity).isZero()) return null;
  return {
    balanceCents: interestBearingCents(loan.balances),
    coinQuantity: collateral.coinQuantity,
    priceCents: price.priceCents,
  };
}

/** The level from the exact LTV (as the monitoring decides it), the figure as previews show it. */
function preview(ltv: Decimal, risk: TLoanRisk): TLtvPreview {
  return { ltvPct: shownLtvPct(ltv), level: riskLevel(ltv, risk.thresholds) };
}

/**
 * What the loan's what-if starts from: the balance the risk monitoring measures, everything owed
 * (what a liquidation repays), the coins held, its thresholds and the tier's liquidation target.
 * Null without a price or coins, or when an instance of the previous release (during a rolling
 * deploy) answers the loan without its liquidation target.
 */
export function whatIfBasisOfLoan(
  loan: Pick<TServicingLoan, 'balances' | 'risk'>,
): TWhatIfBasis | null {
  const basis = riskBasis(loan);
  const targetLtvPct = loan.risk.liquidationTargetLtvPct as number | undefined;
  if (basis === null || typeof targetLtvPct !== 'number') return null;
  return {
    ltvBalanceCents: basis.balanceCents,
    saleBalanceCents: loan.balances.totalCents,
    coinQuantity: basis.coinQuantity,
    thresholds: loan.risk.thresholds,
    liquidationTargetLtvPct: targetLtvPct,
  };
}

/** A typed quantity of coins (at most 8 decimals, above zero), or null when it is none. */
export function typedCoinQuantity(text: string): string | null {
  const trimmed = text.trim();
  if (!/^(?:\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  if (!isWithinDecimals(trimmed, ADD_COLLATERAL_MAX_DECIMALS)) return null;
  const quantity = new Decimal(trimmed);
  return quantity.gt(0) ? quantity.toFixed() : null;
}

/** The LTV once the typed coins have arrived, at today's price. */
export function addCollateralPreview(
  loan: Pick<TServicingLoan, 'balances' | 'risk'>,
  quantityText: string,
): TLtvPreview | null {
  const basis = riskBasis(loan);
  const added = typedCoinQuantity(quantityText);
  if (basis === null || added === null) return null;
  return preview(
    ltvAfterCollateral({
      balanceCents: basis.balanceCents,
      coinQuantity: basis.coinQuantity,
      addedQuantity: added,
      priceCents: basis.priceCents,
    }),
    loan.risk,
  );
}

/** The LTV once a payment is applied (fees and interest first), at today's price. */
export function paymentPreview(
  loan: Pick<TServicingLoan, 'balances' | 'risk'>,
  amountCents: number | null,
): TLtvPreview | null {
  const basis = riskBasis(loan);
  if (basis === null || amountCents === null || amountCents < 1) return null;
  if (amountCents > loan.balances.totalCents) return null;
  return preview(
    ltvAfterPayment({
      balances: loan.balances,
      coinQuantity: basis.coinQuantity,
      amountCents,
      priceCents: basis.priceCents,
    }),
    loan.risk,
  );
}

/** "81.25% (Margin call)". */
export function ltvPreviewWords(ltv: TLtvPreview): string {
  return `${formatLtv(ltv.ltvPct)} (${RISK_LEVEL_WORDS[ltv.level]})`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "47 hours 5 minutes left", or that the time has run out. */
export function cureCountdownWords(left: TCureTimeLeft): string {
  if (left.isOver) return 'The time to cure the margin call has run out';
  return `${plural(left.hours, 'hour')} ${plural(left.minutes, 'minute')} left`;
}

/** Why a liquidation sold collateral, in words. */
export function liquidationReasonWords(
  liquidation: Pick<TLiquidation, 'reason' | 'ltvAtDecisionPct'>,
  thresholds: TLoanRisk['thresholds'],
): string {
  const ltv = formatLtv(liquidation.ltvAtDecisionPct);
  switch (liquidation.reason) {
    case 'LIQUIDATION_LTV':
      return `Your LTV reached ${ltv}, at or above the liquidation level of ${formatLtv(thresholds.liquidationLtvPct)}.`;
    case 'CURE_DEADLINE_PASSED':
      return `The margin call was not cured within ${MARGIN_CALL_CURE_HOURS} hours; your LTV was ${ltv}.`;
  }
}

/** Where the price behind the figures comes from. */
export function priceSourceWords(price: NonNullable<TLoanRisk['price']>): string {
  if (price.source === 'SANDBOX' || price.venues.length === 0) return 'test price';
  return `median of ${price.venues.join(', ')}`;
}

/** The loan's payments still with the bank (pending debits), in cents. */
export function pendingPaymentsCents(loan: Pick<TServicingLoan, 'payments'>): number {
  return loan.payments
    .filter((payment) => payment.status === 'PENDING')
    .reduce((sum, payment) => sum + payment.amountCents, 0);
}

/**
 * What counts toward a margin call: money received, not money in flight. A debit counts once the
 * bank has settled it (the risk pass leaves pending debits out); collateral once confirmed on chain.
 */
export function marginCallPaymentWords(pendingCents: number): string {
  const collateral = 'Collateral counts as soon as it is confirmed on chain.';
  if (pendingCents > 0) {
    return `Your payment of ${formatUsd(pendingCents)} is still with your bank: it counts toward the margin call only once the bank has settled it, which takes a few business days. ${collateral}`;
  }
  return `A payment counts once your bank has settled it, which takes a few business days for a debit. ${collateral}`;
}
