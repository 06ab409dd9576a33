import type { TPostRatesBody, TPostRatesQuery, TPostRatesResponse } from '@pledge/contract';
import { assertOfferable, centsToUsd, computeRateBands, type TRateBands } from '@pledge/domain';
import type { TPriceQuote, TPricesPort } from '../../adapters/prices/port.js';
import { currentPrice } from '../prices/current-price.js';
import { resolveResidence } from '../residency/resolve-residence.js';

/**
 * The rate table for a collateral at the current price, in a state or country: computed on every
 * request (no answer is kept), so every quantity, coin and residence costs the same.
 */
export async function quoteRateBands(
  deps: { prices: TPricesPort },
  input: { query: TPostRatesQuery; body: TPostRatesBody },
): Promise<TPostRatesResponse> {
  const { body } = input;
  const residence = resolveResidence({ ...body, orgCode: input.query.orgCode });
  assertOfferable({ collateralType: body.collateralType, residence });
  const quote = await currentPrice(deps.prices, body.collateralType);
  const bands = computeRateBands({
    collateralType: body.collateralType,
    coinQuantity: body.coinQuantity,
    priceCents: quote.priceCents,
    residence,
    ...(body.requestedAmount !== undefined ? { requestedAmountUsd: body.requestedAmount } : {}),
  });
  return rateTableOf(bands, quote);
}

/** The rate table as the wire carries it, with the price it was computed at. */
export function rateTableOf(bands: TRateBands, quote: TPriceQuote): TPostRatesResponse {
  return {
    // The domain speaks exact decimal strings; the wire carries percents as JSON numbers.
    rates: bands.rates.map((band) => ({ ...band, rate: Number(band.rate) })),
    currentLtv: bands.currentLtvPct !== undefined ? Number(bands.currentLtvPct) : null,
    eligibleTierId: bands.eligibleTierId,
    valueOfOne: centsToUsd(quote.priceCents),
    priceAsOf: quote.asOf.toISOString(),
  };
}
