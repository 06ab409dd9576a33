import type { TPostRatesBody, TPostRatesQuery, TPostRatesResponse } from '@pledge/contract';
import { assertOfferable, centsToUsd, computeRateBands } from '@pledge/domain';
import type { TPricesPort } from '../../adapters/prices/port.js';
import { currentPrice } from '../prices/current-price.js';
import { deepFreeze } from '../residency/deep-freeze.js';
import { resolveResidence } from '../residency/resolve-residence.js';
import { createMemo } from './memo.js';

/**
 * The answer is a pure function of the collateral, quantity, residence, amount and price quote; the
 * same question at the same quote (a reload, a refetch, many borrowers asking within the second a
 * price is reused) is answered from memory, frozen, so that its JSON is also encoded only once.
 */
const answers = createMemo<TPostRatesResponse>(512);

/** The rate table for a collateral at the current price, in a state or country. */
export async function quoteRateBands(
  deps: { prices: TPricesPort },
  input: { query: TPostRatesQuery; body: TPostRatesBody },
): Promise<TPostRatesResponse> {
  const { body } = input;
  const residence = resolveResidence({ ...body, orgCode: input.query.orgCode });
  assertOfferable({ collateralType: body.collateralType, residence });
  const quote = await currentPrice(deps.prices, body.collateralType);
  const place = residence.kind === 'state' ? residence.state : `country:${residence.countryCode}`;
  const key = `${body.collateralType}|${body.coinQuantity}|${quote.priceCents}|${quote.asOf.getTime()}|${place}|${body.requestedAmount ?? ''}`;
  return answers(key, () => {
    const bands = computeRateBands({
      collateralType: body.collateralType,
      coinQuantity: body.coinQuantity,
      priceCents: quote.priceCents,
      residence,
      ...(body.requestedAmount !== undefined ? { requestedAmountUsd: body.requestedAmount } : {}),
    });
    return deepFreeze({
      // The domain speaks exact decimal strings; the wire carries percents as JSON numbers.
      rates: bands.rates.map((band) => ({ ...band, rate: Number(band.rate) })),
      currentLtv: bands.currentLtvPct !== undefined ? Number(bands.currentLtvPct) : null,
      eligibleTierId: bands.eligibleTierId,
      valueOfOne: centsToUsd(quote.priceCents),
      priceAsOf: quote.asOf.toISOString(),
    });
  });
}
