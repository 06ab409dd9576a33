import type { TOfferedCollateralType } from '@pledge/domain';

/** The price of one whole coin in US cents, and when the market said so. */
export interface TPriceQuote {
  priceCents: number;
  asOf: Date;
  /** The exchanges whose tickers made the price, when it is a median of several. */
  venues?: readonly string[];
}

export interface TPricesPort {
  /** Throws PriceUnavailableError when no trustworthy price can be given. */
  getPrice(type: TOfferedCollateralType): Promise<TPriceQuote>;
}

export class PriceUnavailableError extends Error {
  override name = 'PriceUnavailableError';
  constructor(
    readonly collateralType: TOfferedCollateralType,
    reason: string,
  ) {
    super(`No ${collateralType} price available: ${reason}`);
  }
}
