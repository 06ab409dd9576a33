import type { TOfferedCollateralType } from '@pledge/domain';
import { HttpError } from '../../http/errors.js';
import {
  PriceUnavailableError,
  type TPriceQuote,
  type TPricesPort,
} from '../../adapters/prices/port.js';

/** The price to quote now; without a trustworthy one the request answers 503, never a guess. */
export async function currentPrice(
  prices: TPricesPort,
  type: TOfferedCollateralType,
): Promise<TPriceQuote> {
  try {
    return await prices.getPrice(type);
  } catch (error) {
    if (error instanceof PriceUnavailableError) {
      throw new HttpError(
        503,
        'PRICE_UNAVAILABLE',
        'Prices are unavailable right now. Try again in a minute.',
      );
    }
    throw error;
  }
}
