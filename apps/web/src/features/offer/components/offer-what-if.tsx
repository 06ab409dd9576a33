import { whatIfBasisOfOffer, type TOfferTerms } from '@pledge/domain';
import { PriceWhatIf } from '../../loan/components/what-if-slider.js';

/**
 * The offer's what-if before it is taken: what a fall of the coin's price would do to the loan
 * offered (its LTV and level, and the sale a liquidation would make), by the rules the risk engine
 * applies once it is funded.
 */
export function OfferWhatIf({ terms, priceCents }: { terms: TOfferTerms; priceCents: number }) {
  const basis = whatIfBasisOfOffer(terms);
  if (basis === null) return null;
  return (
    <PriceWhatIf
      // A new offer starts again from today's price.
      key={`${terms.collateralUnits}:${terms.amountCents}:${priceCents}`}
      basis={basis}
      coin={terms.collateralType}
      priceCents={priceCents}
      liquidationPriceCents={terms.liquidationPriceCents}
    />
  );
}
