import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../../test/helpers/db.js';
import { sandboxClock, sandboxPrices } from '../../db/schema/index.js';
import { seedSandbox } from '../../db/seed.js';
import { setSandboxPrices } from '../../services/sandbox/set-sandbox-prices.js';
import { PriceUnavailableError } from './port.js';
import { createSandboxPrices } from './sandbox.js';
import { createFieldCipher } from '../../security/field-encryption.js';
import { TEST_ENCRYPTION_KEY } from '../../../test/helpers/app.js';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSandbox(database.db, createFieldCipher(TEST_ENCRYPTION_KEY));
});

afterAll(async () => {
  await database.drop();
});

/** Changes a price behind the adapter's back, as another instance would. */
async function setPriceDirectly(priceCents: number): Promise<void> {
  await database.db
    .update(sandboxPrices)
    .set({ priceCents })
    .where(eq(sandboxPrices.collateralType, 'BTC'));
}

describe('the sandbox prices', () => {
  it('reuses a read for up to a second, then reads again', async () => {
    let now = 1_000_000;
    const prices = createSandboxPrices(database.db, { now: () => now });
    await setSandboxPrices(database.db, { BTC: 60_000 });
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_000_000);

    await setPriceDirectly(6_100_000);
    now += 999;
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_000_000);
    now += 1;
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_100_000);
  });

  it('quotes a price set through POST /sandbox/prices at once', async () => {
    const prices = createSandboxPrices(database.db, { now: () => 0 });
    await setSandboxPrices(database.db, { BTC: 61_000 });
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_100_000);
    await setSandboxPrices(database.db, { BTC: 62_500.5 });
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_250_050);
  });

  it('shares one read between requests asking at the same time', async () => {
    const prices = createSandboxPrices(database.db, { now: () => 0 });
    await setSandboxPrices(database.db, { ETH: 3_000 });
    const quotes = await Promise.all([prices.getPrice('ETH'), prices.getPrice('ETH')]);
    expect(quotes.map((quote) => quote.priceCents)).toEqual([300_000, 300_000]);
    expect(quotes[0]?.asOf).toEqual(quotes[1]?.asOf);
  });

  it('stamps a quote with the deployment’s clock, never the wall clock (issue 34, finding 8)', async () => {
    const prices = createSandboxPrices(database.db, { now: () => 0 });
    const offsetMs = 40 * 24 * 3_600_000;
    await database.db
      .insert(sandboxClock)
      .values({ id: true, offsetMs })
      .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs } });
    await setSandboxPrices(database.db, { BTC: 60_000 });
    const before = Date.now();
    const quote = await prices.getPrice('BTC');
    expect(quote.asOf.getTime()).toBeGreaterThanOrEqual(before + offsetMs - 1_000);
    expect(quote.asOf.getTime()).toBeLessThanOrEqual(Date.now() + offsetMs);
    await database.db.delete(sandboxClock);
  });

  it('keeps no failed read', async () => {
    const prices = createSandboxPrices(database.db, { now: () => 0 });
    await database.db.delete(sandboxPrices).where(eq(sandboxPrices.collateralType, 'BTC'));
    await expect(prices.getPrice('BTC')).rejects.toBeInstanceOf(PriceUnavailableError);
    await seedSandbox(database.db, createFieldCipher(TEST_ENCRYPTION_KEY));
    expect((await prices.getPrice('BTC')).priceCents).toBe(6_000_000);
  });
});
