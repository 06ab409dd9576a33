/**
 * The trading desk: outside the sandbox no sale is automatic. A liquidation order stays OPEN in the
 * console's risk queue; an agent sells the coins on the desk and records the fill (quantity, price,
 * venue, time) with POST /service-ops/…/liquidations/:liquidationUuid/fill, which settles the loan.
 */
import type { TExchangePort } from './port.js';

export function createDeskExchange(): TExchangePort {
  return {
    name: 'desk',
    async placeLiquidationOrder() {
      return { kind: 'OPEN' };
    },
  };
}
