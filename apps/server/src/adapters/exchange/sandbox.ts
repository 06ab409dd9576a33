/**
 * The sandbox exchange: every liquidation order fills at once, in full, at the current sandbox
 * price (POST /sandbox/prices), executed the moment it is placed.
 */
import type { TPricesPort } from '../prices/port.js';
import type { TExchangePort } from './port.js';

export const SANDBOX_EXCHANGE_VENUE = 'Sandbox exchange';

export function createSandboxExchange(prices: TPricesPort): TExchangePort {
  return {
    name: 'sandbox',
    async placeLiquidationOrder(order) {
      const { priceCents } = await prices.getPrice(order.collateralType);
      return {
        kind: 'FILLED',
        coinQuantitySold: order.coinQuantity,
        priceCents,
        venue: SANDBOX_EXCHANGE_VENUE,
        executedAt: order.placedAt,
      };
    },
  };
}
