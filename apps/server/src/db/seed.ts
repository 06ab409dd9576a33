import type { TOfferedCollateralType } from '@pledge/domain';
import { sandboxPrices } from './schema/index.js';
import type { TFieldCipher } from '../security/field-encryption.js';
import { seedRefiTape } from '../services/refi/seed-refi-tape.js';
import type { TDb } from './pool.js';

/** Demo prices of a fresh sandbox, in cents. */
export const SANDBOX_DEFAULT_PRICE_CENTS: Record<TOfferedCollateralType, number> = {
  BTC: 6_000_000,
  ETH: 300_000,
};

/**
 * Sandbox demo data. Idempotent: a price already set (by an earlier seed or by
 * POST /sandbox/prices) is kept.
 */
export async function seedSandbox(db: TDb, cipher: TFieldCipher): Promise<void> {
  await seedSandboxPrices(db);
  await seedRefiTape(db, cipher);
}

/** The demo prices alone, which every release's schema holds. */
export async function seedSandboxPrices(db: TDb): Promise<void> {
  await db
    .insert(sandboxPrices)
    .values(
      Object.entries(SANDBOX_DEFAULT_PRICE_CENTS).map(([collateralType, priceCents]) => ({
        collateralType,
        priceCents,
      })),
    )
    .onConflictDoNothing({ target: sandboxPrices.collateralType });
}
