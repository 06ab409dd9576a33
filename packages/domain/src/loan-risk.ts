/**
 * Collateral risk of a funded loan (document 1 §9; document 2 §9 for stabilization): the LTV levels a
 * loan moves through as prices change, the notices each upward crossing sends exactly once, the
 * margin-call cure, and how much collateral a liquidation sells.
 *
 * Levels, lowest first: NONE, WARNING, COURTESY_NOTICE, MARGIN_CALL, LIQUIDATION. A level holds from
 * its threshold upward. Tier 1 (8.91 %): 75 / 76 / 80 / 90; tier 2 (11.5 %): 80 / 80.75 / 85 / 90. A
 * custody-only refinanced loan with stabilization liquidates at 85 % instead.
 */
import { LIQUIDATION_PROCESSING_FEE_BPS } from './constants/fees.js';
import { MAX_COLLATERAL_DECIMALS, REFI_STABILIZATION_TRIGGER_LTV_PCT } from './constants/limits.js';
import { MARGIN_CALL_CURE_HOURS, type TRateTier } from './constants/rates.js';
import { DomainError } from './errors.js';
import { INTEREST_BEARING_ACCOUNTS, type TLedgerLeg } from './ledger.js';
import { courtesyNoticeLtvPct, ltvPct } from './ltv.js';
import { bpsOf, Decimal, roundCoinQuantityUp, toCoinQuantity, toFiniteDecimal } from './money.js';
import type { TLoanStatusName } from './renewal.js';

export const RISK_LEVELS = [
  'NONE',
  'WARNING',
  'COURTESY_NOTICE',
  'MARGIN_CALL',
  'LIQUIDATION',
] as const;
export type TRiskLevel = (typeof RISK_LEVELS)[number];

/** The LTVs (percent) at which each level starts for one loan. */
export type TRiskThresholds = {
  warningLtvPct: number;
  courtesyNoticeLtvPct: number;
  marginCallLtvPct: number;
  liquidationLtvPct: number;
};

/**
 * A notice that went out re-arms only once the LTV is this many points below its threshold, so a
 * price hovering on a threshold sends one notice, not one per tick.
 */
export const RISK_NOTICE_REARM_POINTS = 1;

export const MARGIN_CALL_CURE_MS = MARGIN_CALL_CURE_HOURS * 60 * 60 * 1000;

/** The thresholds of a loan priced in a tier; `stabilization` is a custody-only refinance's opt-in. */
export function riskThresholds(
  tier: TRateTier,
  options: { stabilization?: boolean } = {},
): TRiskThresholds {
  const liquidationLtvPct =
    options.stabilization === true ? REFI_STABILIZATION_TRIGGER_LTV_PCT : tier.liquidationLtvPct;
  return {
    warningLtvPct: tier.warningLtvPct,
    courtesyNoticeLtvPct: courtesyNoticeLtvPct(tier),
    marginCallLtvPct: Math.min(tier.marginCallLtvPct, liquidationLtvPct),
    liquidationLtvPct,
  };
}

function thresholdOf(level: Exclude<TRiskLevel, 'NONE'>, thresholds: TRiskThresholds): number {
  switch (level) {
    case 'WARNING':
      return thresholds.warningLtvPct;
    case 'COURTESY_NOTICE':
      return thresholds.courtesyNoticeLtvPct;
    case 'MARGIN_CALL':
      return thresholds.marginCallLtvPct;
    case 'LIQUIDATION':
      return thresholds.liquidationLtvPct;
  }
}

function rank(level: TRiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/** The highest level whose threshold the LTV has reached. */
export function riskLevel(ltv: Decimal | number | string, thresholds: TRiskThresholds): TRiskLevel {
  const value = toFiniteDecimal(ltv, 'INVALID_LTV');
  for (let index = RISK_LEVELS.length - 1; index > 0; index -= 1) {
    const level = RISK_LEVELS[index] as Exclude<TRiskLevel, 'NONE'>;
    if (value.gte(thresholdOf(level, thresholds))) return level;
  }
  return 'NONE';
}

export type TRiskNoticeStep = {
  /** The level now. */
  level: TRiskLevel;
  /** Notices to send, lowest first: every level crossed upward that was not already notified. */
  notices: Exclude<TRiskLevel, 'NONE'>[];
  /** The highest level notified, to store with the loan for the next pass. */
  notifiedLevel: TRiskLevel;
};

/**
 * One pass over a loan: which notices go out at this LTV, given the highest level already notified.
 * A jump past several thresholds sends each of them once (lowest first); a price hovering on a
 * threshold sends nothing new; falling clearly below a threshold (RISK_NOTICE_REARM_POINTS) lowers the
 * notified level so a later rise notifies again.
 */
export function riskNoticeStep(
  ltv: Decimal | number | string,
  thresholds: TRiskThresholds,
  notifiedLevel: TRiskLevel,
): TRiskNoticeStep {
  const value = toFiniteDecimal(ltv, 'INVALID_LTV');
  const level = riskLevel(value, thresholds);
  let notified = notifiedLevel;
  // Re-arm: step the notified level down while the LTV sits clearly below its threshold.
  while (rank(notified) > rank(level)) {
    const threshold = thresholdOf(notified as Exclude<TRiskLevel, 'NONE'>, thresholds);
    if (value.gt(threshold - RISK_NOTICE_REARM_POINTS)) break;
    notified = RISK_LEVELS[rank(notified) - 1] as TRiskLevel;
  }
  const notices: Exclude<TRiskLevel, 'NONE'>[] = [];
  for (let index = rank(notified) + 1; index <= rank(level); index += 1) {
    notices.push(RISK_LEVELS[index] as Exclude<TRiskLevel, 'NONE'>);
  }
  return { level, notices, notifiedLevel: rank(level) > rank(notified) ? level : notified };
}

export type TMarginCallOutcome =
  | { kind: 'NONE' }
  | { kind: 'OPEN'; cureDeadline: Date }
  | { kind: 'CURED' }
  | { kind: 'LIQUIDATE'; reason: 'LIQUIDATION_LTV' | 'CURE_DEADLINE_PASSED' };

/**
 * The margin-call decision of one pass. An open margin call is cured when the LTV is back below the
 * margin-call level; a loan liquidates at the liquidation LTV or when the cure deadline has passed.
 */
export function marginCallOutcome(input: {
  ltv: Decimal | number | string;
  thresholds: TRiskThresholds;
  /** The deadline of the open margin call, or null when the loan is not in one. */
  openCureDeadline: Date | null;
  now: Date;
}): TMarginCallOutcome {
  const level = riskLevel(input.ltv, input.thresholds);
  if (level === 'LIQUIDATION') return { kind: 'LIQUIDATE', reason: 'LIQUIDATION_LTV' };
  if (input.openCureDeadline !== null) {
    if (level !== 'MARGIN_CALL') return { kind: 'CURED' };
    if (input.now.getTime() >= input.openCureDeadline.getTime()) {
      return { kind: 'LIQUIDATE', reason: 'CURE_DEADLINE_PASSED' };
    }
    return { kind: 'OPEN', cureDeadline: input.openCureDeadline };
  }
  if (level === 'MARGIN_CALL') {
    return { kind: 'OPEN', cureDeadline: new Date(input.now.getTime() + MARGIN_CALL_CURE_MS) };
  }
  return { kind: 'NONE' };
}

/**
 * The statuses the risk pass watches: an open loan with collateral, before and after its maturity
 * (a matured loan that is not repaid keeps its collateral, its levels and its margin calls).
 */
export const RISK_WATCHED_STATUSES = [
  'ACTIVE',
  'MARGIN_CALL',
  'MATURED',
] as const satisfies readonly TLoanStatusName[];

export function isRiskWatched(status: TLoanStatusName): boolean {
  return (RISK_WATCHED_STATUSES as readonly TLoanStatusName[]).includes(status);
}

/**
 * The balance the collateral risk is measured on: the interest-bearing balance as if the debits
 * still pending had not been made. Money in flight is not money received: a pending debit lowers
 * no level and cures no margin call; it counts once it settles, so its return changes nothing.
 * `pendingDebitLegs` are the ledger legs of the loan's pending debits (their journals were posted
 * when the bank accepted them).
 */
export function riskBalanceCents(input: {
  interestBearingCents: number;
  pendingDebitLegs: readonly TLedgerLeg[];
}): number {
  let balance = input.interestBearingCents;
  for (const leg of input.pendingDebitLegs) {
    if ((INTEREST_BEARING_ACCOUNTS as readonly string[]).includes(leg.account)) {
      balance -= leg.amountCents;
    }
  }
  return Math.max(balance, 0);
}

/** What a risk notice is about: a level reached, or a margin call cured. */
export type TRiskNotice = Exclude<TRiskLevel, 'NONE'> | 'CURED';

/**
 * The notices one pass sends, in the order they are sent (a cure first, then levels lowest
 * first): each level newly crossed, the margin call again when it opens after a cure, the cure.
 * A pass that liquidates sends the liquidation notice alone: a warning or an "act now" notice for a
 * level the same pass has already acted on would come too late to act on.
 */
export function riskPassNotices(input: {
  step: TRiskNoticeStep;
  outcome: TMarginCallOutcome;
  /** Whether a margin call was open (a cure deadline set) before the pass. */
  wasMarginCallOpen: boolean;
}): TRiskNotice[] {
  const { step, outcome } = input;
  if (outcome.kind === 'LIQUIDATE') return ['LIQUIDATION'];
  const notices: TRiskNotice[] = [...step.notices];
  if (outcome.kind === 'OPEN' && !input.wasMarginCallOpen && !notices.includes('MARGIN_CALL')) {
    // A margin call that opens again after a cure is told again, with its new deadline.
    notices.push('MARGIN_CALL');
  }
  if (outcome.kind === 'CURED') notices.push('CURED');
  const order = (notice: TRiskNotice) => (notice === 'CURED' ? -1 : rank(notice));
  return notices.sort((a, b) => order(a) - order(b));
}

/**
 * The loan's status after a pass: ACTIVE and MARGIN_CALL follow the margin call; a matured loan
 * stays MATURED (its margin call is its cure deadline); a liquidation leaves the status to the
 * order that takes over.
 */
export function statusAfterRiskPass(
  status: TLoanStatusName,
  outcome: TMarginCallOutcome,
): TLoanStatusName {
  if (status === 'MATURED' || outcome.kind === 'LIQUIDATE') return status;
  return outcome.kind === 'OPEN' ? 'MARGIN_CALL' : 'ACTIVE';
}

/** What selling some of the collateral at a price does to the loan. */
export type TSaleFigures = {
  /** Coins sold, 8 decimals. */
  coinQuantitySold: string;
  /** Gross proceeds: quantity × price, rounded half-up to the cent. */
  proceedsCents: number;
  /** The processing fee: LIQUIDATION_PROCESSING_FEE_BPS of the proceeds (bpsOf, half-up). */
  feeCents: number;
  /** Proceeds less the fee, never more than the balance. */
  appliedCents: number;
  /** Proceeds less the fee beyond the balance: owed back to the borrower. */
  surplusCents: number;
  /** The balance once the applied amount is taken off. */
  balanceAfterCents: number;
  coinQuantityRemaining: string;
  /** LTV after the sale at the price, 2 decimals; null when no collateral remains. */
  ltvAfterPct: string | null;
};

/**
 * The arithmetic of a sale, the same for a liquidation's plan and for its fill: proceeds, the fee on
 * them, what reduces the balance, the surplus, what remains and the LTV after.
 */
export function saleFigures(input: {
  balanceCents: number;
  coinQuantityHeld: Decimal;
  coinQuantitySold: Decimal;
  priceCents: number;
}): TSaleFigures {
  const { balanceCents, priceCents, coinQuantityHeld: held, coinQuantitySold: sold } = input;
  const proceedsCents = sold.times(priceCents).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const feeCents = bpsOf(proceedsCents, LIQUIDATION_PROCESSING_FEE_BPS);
  const net = proceedsCents - feeCents;
  const appliedCents = Math.min(net, balanceCents);
  const balanceAfterCents = balanceCents - appliedCents;
  const remaining = held.minus(sold);
  return {
    coinQuantitySold: sold.toFixed(8),
    proceedsCents,
    feeCents,
    appliedCents,
    surplusCents: net - appliedCents,
    balanceAfterCents,
    coinQuantityRemaining: remaining.toFixed(8),
    ltvAfterPct: remaining.isZero()
      ? null
      : ltvPct(balanceAfterCents, remaining, priceCents).toFixed(2, Decimal.ROUND_HALF_UP),
  };
}

export type TLiquidationPlan = {
  /** Coins sold, 8 decimals, never more than the collateral. */
  coinQuantitySold: string;
  /** Gross proceeds at the price, in cents (rounded half-up). */
  proceedsCents: number;
  /** The processing fee on the amount liquidated, in cents. */
  feeCents: number;
  /** What reduces the balance: proceeds less the fee, never more than the balance. */
  appliedCents: number;
  /** Proceeds beyond the balance and fee, returned to the borrower (only when everything is sold). */
  surplusCents: number;
  coinQuantityRemaining: string;
  /** LTV after the sale, 2 decimals; null when no collateral remains. */
  ltvAfterPct: string | null;
};

/**
 * How much a liquidation sells: just enough coin that, after the proceeds less the 2 % processing fee
 * reduce the balance, the loan is back at the top of its initial tier (`targetLtvPct`, the tier's
 * maxInitialLtvPct); everything when even that cannot restore it. Sold quantity rounds up to the
 * collateral precision so the target is met, not missed by a satoshi, and takes the fewest steps of
 * that precision more when the sale's whole cents leave the LTV above it.
 *
 * With balance B, collateral Q, price P, fee share f and target t (fractions): selling q leaves
 * B − q·P·(1 − f) owed on (Q − q) coins, and that equals t·(Q − q)·P when
 * q = (B − t·Q·P) / (P·(1 − f − t)).
 */
export function liquidationPlan(input: {
  balanceCents: number;
  coinQuantity: Decimal | string;
  priceCents: number;
  targetLtvPct: number;
}): TLiquidationPlan {
  const { balanceCents, priceCents } = input;
  if (!Number.isSafeInteger(balanceCents) || balanceCents <= 0) {
    throw new DomainError('INVALID_AMOUNT', 'A liquidation needs a balance above zero');
  }
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new DomainError('INVALID_PRICE', 'A coin price is a positive whole number of cents');
  }
  const quantity = toCoinQuantity(input.coinQuantity);
  if (quantity.isZero()) {
    throw new DomainError('INVALID_COIN_QUANTITY', 'The collateral has no coins');
  }
  const fee = new Decimal(LIQUIDATION_PROCESSING_FEE_BPS).div(10_000);
  const target = new Decimal(input.targetLtvPct).div(100);
  const price = new Decimal(priceCents);
  const margin = price.times(new Decimal(1).minus(fee).minus(target));
  const needed = new Decimal(balanceCents).minus(target.times(quantity).times(price)).div(margin);
  const sold = needed.lte(0) ? new Decimal(0) : Decimal.min(roundCoinQuantityUp(needed), quantity);
  const figuresOf = (coinQuantitySold: Decimal) =>
    saleFigures({ balanceCents, coinQuantityHeld: quantity, coinQuantitySold, priceCents });
  let figures = figuresOf(sold);
  if (sold.isZero()) return withoutBalanceAfter(figures);
  // The proceeds and the fee are whole cents, each rounded half-up: the balance left can be a cent
  // above the exact solution's, which on the little collateral a large sale leaves can put the LTV
  // over the target. Then the plan sells the least more (in steps of the collateral precision)
  // that meets it: the first step count found to meet it by doubling, narrowed by halving.
  const meets = (extraSteps: number) => {
    const candidate = Decimal.min(sold.plus(COIN_STEP.times(extraSteps)), quantity);
    const candidateFigures = figuresOf(candidate);
    const isMet = !isAboveTarget(candidateFigures, quantity, priceCents, input.targetLtvPct);
    return { candidateFigures, isMet };
  };
  if (isAboveTarget(figures, quantity, priceCents, input.targetLtvPct)) {
    let failing = 0;
    let trying = 1;
    let found = meets(trying);
    // Everything sold always meets it: the doubling ends there at the latest.
    while (!found.isMet) {
      failing = trying;
      trying *= 2;
      found = meets(trying);
    }
    while (trying - failing > 1) {
      const middle = Math.floor((failing + trying) / 2);
      const atMiddle = meets(middle);
      if (atMiddle.isMet) {
        trying = middle;
        found = atMiddle;
      } else {
        failing = middle;
      }
    }
    figures = found.candidateFigures;
  }
  return withoutBalanceAfter(figures);
}

/** The collateral precision: the least quantity a sale can add. */
const COIN_STEP = new Decimal(1).div(10 ** MAX_COLLATERAL_DECIMALS);

function isAboveTarget(
  figures: TSaleFigures,
  held: Decimal,
  priceCents: number,
  targetLtvPct: number,
): boolean {
  const remaining = held.minus(figures.coinQuantitySold);
  if (remaining.isZero() || figures.balanceAfterCents === 0) return false;
  return ltvPct(figures.balanceAfterCents, remaining, priceCents).gt(targetLtvPct);
}

function withoutBalanceAfter(figures: TSaleFigures): TLiquidationPlan {
  const { balanceAfterCents: _balanceAfter, ...plan } = figures;
  return plan;
}
