import { eq } from 'drizzle-orm';
import type { TOfferedCollateralType } from '@pledge/domain';
import { sandboxPrices } from '../../db/schema/index.js';
import type { TDb } from '../../db/pool.js';
import { PriceUnavailableError, type TPricesPort } from './port.js';

/**
 * Fixed prices kept in the database, set through POST /sandbox/prices. A sandbox price holds until
 * it is changed, so it is quoted as current.
 */
export function createSandboxPrices(db: TDb): TPricesPort {
  return {
    async getPrice(type: TOfferedCollateralType) {
      const [row] = await db
        .select({ priceCents: sandboxPrices.priceCents })
        .from(sandboxPrices)
        .where(eq(sandboxPrices.collateralType, type));
      if (row === undefined) throw new PriceUnavailableError(type, 'no sandbox price is set');
      return { priceCents: row.priceCents, asOf: new Date() };
    },
  };
}
