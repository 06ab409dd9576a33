import type { TGetCryptoValuesQuery, TGetCryptoValuesResponse } from '@pledge/contract';
import {
  OFFERED_COLLATERAL_TYPES,
  assertOfferable,
  centsToUsd,
  minCoinQuantity,
} from '@pledge/domain';
import type { TPricesPort } from '../../adapters/prices/port.js';
import { resolveResidence } from '../residency/resolve-residence.js';
import { currentPrice } from './current-price.js';

/** The value of one coin and the least coin quantity an offer accepts, per offered collateral. */
export async function quoteCryptoValues(
  deps: { prices: TPricesPort },
  query: TGetCryptoValuesQuery,
): Promise<TGetCryptoValuesResponse> {
  const residence = resolveResidence(query);
  for (const collateralType of OFFERED_COLLATERAL_TYPES)
    assertOfferable({ collateralType, residence });
  const cryptoValues = await Promise.all(
    OFFERED_COLLATERAL_TYPES.map(async (collateralType) => {
      const quote = await currentPrice(deps.prices, collateralType);
      return {
        collateralType,
        valueOfOne: centsToUsd(quote.priceCents),
        minCoinQuantity: minCoinQuantity({ priceCents: quote.priceCents, residence }),
        priceAsOf: quote.asOf.toISOString(),
      };
    }),
  );
  return { cryptoValues };
}
