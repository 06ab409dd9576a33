import { useId, useState } from 'react';
import type { TServicingLoan } from '@pledge/contract';
import { formatUsd, whatIfPriceRange } from '@pledge/domain';
import { FieldLabel } from '../../../ui/field/field-parts.js';
import { ltvAtPricePreview, RISK_LEVEL_WORDS } from '../loan-health.js';
import { formatLtv } from '../loan-view.js';

const CENTS_PER_DOLLAR = 100;

/**
 * "If BTC falls to $X your LTV is Y %": a price slider from today's price down past the
 * liquidation price (arrow keys, Page Up/Down, Home/End), with the LTV and level it would give.
 */
export function WhatIfSlider({ loan }: { loan: TServicingLoan }) {
  const { risk } = loan;
  const id = useId();
  const price = risk.price;
  const range =
    price === null
      ? null
      : whatIfPriceRange({
          priceCents: price.priceCents,
          liquidationPriceCents: risk.triggerPrices?.liquidationPriceCents ?? null,
        });
  const [priceUsd, setPriceUsd] = useState<number | null>(null);
  if (price === null || range === null) return null;

  const current = priceUsd ?? range.startUsd;
  const whatIf = ltvAtPricePreview(loan, current * CENTS_PER_DOLLAR);
  if (whatIf === null) return null;
  const coin = price.type;
  const priceText = formatUsd(current * CENTS_PER_DOLLAR, { decimals: 0 });
  const sentence = `If ${coin} falls to ${priceText} your LTV is ${formatLtv(whatIf.ltvPct)}`;
  return (
    <div className="what-if">
      <div className="field slider">
        <FieldLabel htmlFor={id}>What if the {coin} price falls?</FieldLabel>
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
    </div>
  );
}
