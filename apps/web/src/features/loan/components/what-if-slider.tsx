import { useId, useState } from 'react';
import type { TServicingLoan } from '@pledge/contract';
import {
  formatUsd,
  MARGIN_CALL_CURE_HOURS,
  whatIfAtPrice,
  whatIfPriceRange,
  type TLiquidationPlan,
  type TWhatIfBasis,
} from '@pledge/domain';
import { FieldLabel } from '../../../ui/field/field-parts.js';
import { RISK_LEVEL_WORDS, whatIfBasisOfLoan } from '../loan-health.js';
import { formatLtv } from '../loan-view.js';

const CENTS_PER_DOLLAR = 100;

/** The loan page's what-if: the loan's own balance, coins, thresholds and stored price. */
export function WhatIfSlider({ loan }: { loan: TServicingLoan }) {
  const { price, triggerPrices } = loan.risk;
  const basis = whatIfBasisOfLoan(loan);
  if (price === null || basis === null) return null;
  return (
    <PriceWhatIf
      basis={basis}
      coin={price.type}
      priceCents={price.priceCents}
      liquidationPriceCents={triggerPrices?.liquidationPriceCents ?? null}
    />
  );
}

export interface TPriceWhatIfProps {
  basis: TWhatIfBasis;
  coin: string;
  /** Today's price: where the slider starts. */
  priceCents: number;
  liquidationPriceCents: number | null;
  /** "What if the BTC price falls?" unless said otherwise. */
  label?: string;
}

/**
 * "If BTC falls to $X your LTV is Y %": a price slider from today's price down past the
 * liquidation price (arrow keys, Page Up/Down, Home/End), with the LTV and level it would give,
 * and where a price calls for a liquidation, the sale the risk engine would make at it (the
 * domain's whatIfAtPrice). The loan page's and the offer page's.
 */
export function PriceWhatIf({
  basis,
  coin,
  priceCents,
  liquidationPriceCents,
  label = `What if the ${coin} price falls?`,
}: TPriceWhatIfProps) {
  const id = useId();
  const range = whatIfPriceRange({ priceCents, liquidationPriceCents });
  const [priceUsd, setPriceUsd] = useState<number | null>(null);
  if (range === null) return null;

  const current = priceUsd ?? range.startUsd;
  const whatIf = whatIfAtPrice(basis, current * CENTS_PER_DOLLAR);
  if (whatIf === null) return null;
  const priceText = formatUsd(current * CENTS_PER_DOLLAR, { decimals: 0 });
  const sentence = `If ${coin} falls to ${priceText} your LTV is ${formatLtv(whatIf.ltvPct)}`;
  return (
    <div className="what-if">
      <div className="field slider">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <input
          id={id}
          type="range"
          className="slider__input"
          min={range.minUsd}
          max={range.maxUsd}
          step={range.stepUsd}
          value={current}
          aria-valuetext={`${priceText}: LTV ${formatLtv(whatIf.ltvPct)}, ${RISK_LEVEL_WORDS[whatIf.level]}`}
          onChange={(event) => setPriceUsd(Number(event.target.value))}
        />
        <div className="slider__footer" aria-hidden="true">
          <span>{formatUsd(range.minUsd * CENTS_PER_DOLLAR, { decimals: 0 })}</span>
          <span>{formatUsd(range.maxUsd * CENTS_PER_DOLLAR, { decimals: 0 })}</span>
        </div>
      </div>
      <p className={`what-if__result what-if__result--${whatIf.level.toLowerCase()}`}>
        <span data-testid="what-if-sentence">{sentence}</span>{' '}
        <span className="what-if__level">({RISK_LEVEL_WORDS[whatIf.level]})</span>
      </p>
      {whatIf.sale !== null && (
        <p className="what-if__sale" data-testid="what-if-sale">
          {whatIf.level === 'MARGIN_CALL'
            ? `If the margin call is not cured within ${MARGIN_CALL_CURE_HOURS} hours, a liquidation at this price would sell `
            : 'At this price your collateral would be liquidated: the sale would sell '}
          {saleWords(whatIf.sale, coin)}
        </p>
      )}
    </div>
  );
}

/** "0.4 BTC for $10,000.00; after the processing fee of $200.00, $9,800.00 repays the loan, …" */
function saleWords(sale: TLiquidationPlan, coin: string): string {
  const sold = `${sale.coinQuantitySold} ${coin} for ${formatUsd(sale.proceedsCents)}; after the processing fee of ${formatUsd(sale.feeCents)}, ${formatUsd(sale.appliedCents)} repays the loan`;
  if (sale.ltvAfterPct === null) {
    return sale.surplusCents > 0
      ? `${sold} in full, and ${formatUsd(sale.surplusCents)} beyond what is owed comes back to you.`
      : `${sold}, and no collateral is left.`;
  }
  return `${sold}, leaving ${sale.coinQuantityRemaining} ${coin} as collateral at an LTV of ${formatLtv(Number(sale.ltvAfterPct))}.`;
}
