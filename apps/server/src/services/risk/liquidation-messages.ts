/**
 * The liquidation statement, in the brand's name: exactly what was sold, at what price, where and
 * when, the processing fee, what reduced the balance, any surplus owed back, the LTV before and after
 * and why the loan was liquidated. The same lines make the e-mail and the PDF.
 */
import {
  formatUsd,
  LIQUIDATION_PROCESSING_FEE_BPS,
  momentInWords,
  type TLiquidationFillFigures,
} from '@pledge/domain';
import type { TEmailMessage } from '../../adapters/email/port.js';
import { brandSignature, type TMessageBrand } from '../email/brand-message.js';

/** The sale's figures (as the domain computes them on the fill) and what led to it. */
export interface TLiquidationStatementFacts extends TLiquidationFillFigures {
  loanUuid: string;
  collateralType: string;
  reason: 'LIQUIDATION_LTV' | 'CURE_DEADLINE_PASSED';
  /** The level it liquidates at, percent (90, or 85 with stabilization). */
  liquidationLtvPct: number;
  /** The LTV the sale restores: the top of the loan's rate tier (its maxInitialLtvPct), percent. */
  targetLtvPct: number;
  /** The LTV the loan started at, 2 decimals. */
  initialLtvPct: string;
  ltvAtDecisionPct: string;
  decisionPriceCents: number;
  decisionObservedAt: string;
  fillPriceCents: number;
  venue: string;
  executedAt: string;
}

const FEE_PCT = `${LIQUIDATION_PROCESSING_FEE_BPS / 100}%`;

function whyLine(facts: TLiquidationStatementFacts): string {
  const price = `${facts.collateralType} at ${formatUsd(facts.decisionPriceCents)} (price of ${momentInWords(facts.decisionObservedAt)})`;
  return facts.reason === 'LIQUIDATION_LTV'
    ? `Why: your loan-to-value reached ${facts.ltvAtDecisionPct}%, at or above the liquidation level of ${facts.liquidationLtvPct}%, with ${price}.`
    : `Why: the 48-hour margin call cure period ended with your loan-to-value at ${facts.ltvAtDecisionPct}%, with ${price}.`;
}

/** The statement's lines, each a paragraph of the PDF and a line of the e-mail. */
export function liquidationStatementLines(facts: TLiquidationStatementFacts): string[] {
  return [
    whyLine(facts),
    facts.ltvAfterPct === null
      ? `Selling all of your collateral was needed: less could not bring your loan-to-value back to ${facts.targetLtvPct}%, the top of its rate tier (your loan started at ${facts.initialLtvPct}%).`
      : `We sold only enough collateral to bring your loan-to-value back to ${facts.targetLtvPct}%, the top of its rate tier (your loan started at ${facts.initialLtvPct}%).`,
    `Sold: ${facts.coinQuantitySold} ${facts.collateralType} at ${formatUsd(facts.fillPriceCents)} per ${facts.collateralType}, on ${facts.venue}, at ${momentInWords(facts.executedAt)}.`,
    `Proceeds: ${formatUsd(facts.proceedsCents)}.`,
    `Processing fee (${FEE_PCT} of the proceeds): ${formatUsd(facts.feeCents)}.`,
    `Applied to your loan: ${formatUsd(facts.appliedCents)}.`,
    ...(facts.surplusCents > 0
      ? [`Surplus owed back to you: ${formatUsd(facts.surplusCents)}.`]
      : []),
    `Balance now: ${formatUsd(facts.balanceAfterCents)}.`,
    `Collateral remaining: ${facts.coinQuantityRemaining} ${facts.collateralType}.`,
    `Loan-to-value before: ${facts.ltvAtDecisionPct}%. After: ${facts.ltvAfterPct === null ? 'no collateral remains' : `${facts.ltvAfterPct}%`}.`,
  ];
}

export function liquidationStatementMessage(input: {
  to: string;
  brand: TMessageBrand;
  facts: TLiquidationStatementFacts;
}): TEmailMessage {
  return {
    to: input.to,
    fromName: input.brand.companyName,
    subject: `We sold ${input.facts.coinQuantitySold} ${input.facts.collateralType} of your collateral`,
    text: [
      'Collateral of your loan was sold. This is your liquidation statement; it is also kept with your loan documents.',
      '',
      ...liquidationStatementLines(input.facts),
      '',
      `Loan ${input.facts.loanUuid}`,
      brandSignature(input.brand),
    ].join('\n'),
  };
}
