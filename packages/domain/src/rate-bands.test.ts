import { describe, expect, it } from 'vitest';
import { isDomainError } from './errors.js';
import { Decimal } from './money.js';
import { computeRateBands, type TRateBandsInput } from './rate-bands.js';
import type { TResidence } from './residence.js';

const state = (code: string): TResidence => ({ kind: 'state', state: code as never });
const country = (countryCode: string): TResidence => ({ kind: 'country', countryCode });

/**
 * 0.505 BTC at $40,000: $20,200 of collateral, twice the $10,100 owed on $10,000 of cash (its 1%
 * CA fee capitalised). Every LTV is on what is owed, the cash with its fee (ltv.ts).
 */
const base: TRateBandsInput = {
  collateralType: 'BTC',
  coinQuantity: '0.505',
  priceCents: 4000000,
  residence: state('CA'),
};

describe('computeRateBands: the acceptance checks', () => {
  it('collateral worth twice the loan → RATE_1 (8.91%) eligible', () => {
    const result = computeRateBands({ ...base, requestedAmountUsd: 10000 });
    expect(result.eligibleTierId).toBe('RATE_1');
    expect(result.currentLtvPct).toBe('50.00');
    expect(result.rates.map((band) => [band.tierId, band.rate, band.eligible])).toEqual([
      ['RATE_1', '8.910', true],
      ['RATE_2', '11.500', false],
    ]);
  });

  it('60% LTV → RATE_2 (11.5%)', () => {
    const result = computeRateBands({ ...base, requestedAmountUsd: 12000 });
    expect(result.eligibleTierId).toBe('RATE_2');
    expect(result.currentLtvPct).toBe('60.00');
    expect(result.rates.map((band) => [band.tierId, band.rate, band.eligible])).toEqual([
      ['RATE_1', '8.910', false],
      ['RATE_2', '11.500', true],
    ]);
    // $12,120 owed at 50% needs $24,240 of BTC: 0.101 more.
    expect(result.rates[0]?.additionalCoinQuantityNeeded).toBe('0.101000');
    expect(result.rates[1]?.additionalCoinQuantityNeeded).toBe('0');
  });

  it('above 75% → no eligible band, and more coin needed for both', () => {
    const result = computeRateBands({ ...base, requestedAmountUsd: 16000 });
    expect(result.eligibleTierId).toBeNull();
    expect(result.currentLtvPct).toBe('80.00');
    for (const band of result.rates) {
      expect(band.eligible).toBe(false);
      expect(new Decimal(band.additionalCoinQuantityNeeded).gt(0)).toBe(true);
    }
    expect(result.rates.map((band) => band.additionalCoinQuantityNeeded)).toEqual([
      '0.303000',
      '0.033667',
    ]);
  });
});

describe('computeRateBands: band amounts', () => {
  it('gives each band its LTV range and the cash this collateral can borrow in it', () => {
    expect(computeRateBands(base)).toEqual({
      rates: [
        {
          tierId: 'RATE_1',
          rate: '8.910',
          minLtv: 0,
          maxLtv: 50,
          minAmountUsd: 5000,
          maxAmountUsd: 10000,
          additionalCoinQuantityNeeded: '0',
          eligible: true,
        },
        {
          tierId: 'RATE_2',
          rate: '11.500',
          minLtv: 50,
          maxLtv: 75,
          minAmountUsd: 10001,
          maxAmountUsd: 15000,
          additionalCoinQuantityNeeded: '0',
          eligible: true,
        },
      ],
      eligibleTierId: 'RATE_1',
    });
  });

  it.each([
    // [label, input, [RATE_1 min, max, eligible], [RATE_2 min, max, eligible], eligibleTierId]
    [
      'collateral too small for the 8.91% band at the CA minimum',
      // $8,000: 50% is $4,000 owed ($3,960 and its fee), 75% is $6,000 ($5,940 and its fee)
      { ...base, coinQuantity: '0.2' },
      [5000, 3960, false],
      [5000, 5940, true],
      'RATE_2',
    ],
    [
      'collateral too small for any band',
      { ...base, coinQuantity: '0.1' }, // $4,000: 75% is $3,000 owed ($2,970 and its fee)
      [5000, 1980, false],
      [5000, 2970, false],
      null,
    ],
    [
      'a state minimum above the 8.91% band (HI $250,001)',
      { ...base, coinQuantity: '10', residence: state('HI') }, // $400,000
      [250001, 198019, false],
      [250001, 297029, true],
      'RATE_2',
    ],
    [
      'the platform maximum caps both bands',
      { ...base, coinQuantity: '200' }, // $8,000,000
      [5000, 2000000, true],
      [3960397, 2000000, false],
      'RATE_1',
    ],
    [
      'fractional dollars are rounded inside the band',
      { ...base, coinQuantity: '0.333333' }, // $13,333.32
      [5000, 6600, true],
      [6601, 9900, true],
      'RATE_1',
    ],
    [
      // $40,000: the $250 floor is the fee up to $25,000 of cash, 1% above it.
      'a flat-fee state (OH, at least $250)',
      { ...base, coinQuantity: '1', residence: state('OH') },
      [5001, 19750, true],
      [19751, 29702, true],
      'RATE_1',
    ],
    [
      // $10,000 and its 1.5% fee is 50.25% of $20,200: above the 8.91% band.
      'the international minimum',
      { ...base, residence: country('GB') },
      [10000, 9950, false],
      [10000, 14926, true],
      'RATE_2',
    ],
  ] as const)('%s', (_label, input, first, second, eligibleTierId) => {
    const result = computeRateBands(input);
    expect(
      result.rates.map((band) => [band.minAmountUsd, band.maxAmountUsd, band.eligible]),
    ).toEqual([first, second]);
    expect(result.eligibleTierId).toBe(eligibleTierId);
    expect(result.currentLtvPct).toBeUndefined();
  });

  it('tells how much coin the residence minimum needs without a requested amount', () => {
    // CA minimum $5,000 and its fee on 0.1 BTC ($4,000): 50% needs 0.2525, 75% needs 0.168334.
    const result = computeRateBands({ ...base, coinQuantity: '0.1' });
    expect(result.rates.map((band) => band.additionalCoinQuantityNeeded)).toEqual([
      '0.152500',
      '0.068334',
    ]);
  });

  it('keeps every band boundary on the right side of its LTV', () => {
    const result = computeRateBands({ ...base, coinQuantity: '0.4567891', priceCents: 5432123 });
    const value = new Decimal('0.4567891').times(5432123);
    for (const band of result.rates) {
      // What is owed on the cash: the cash and its 1% fee, half-up to the cent.
      const owedCents = (usd: number) => usd * 100 + Math.round(usd);
      const ltvOf = (usd: number) => new Decimal(owedCents(usd)).times(100).div(value);
      expect(ltvOf(band.maxAmountUsd).lte(band.maxLtv)).toBe(true);
      expect(ltvOf(band.maxAmountUsd + 1).gt(band.maxLtv)).toBe(true);
      if (band.minLtv > 0) {
        expect(ltvOf(band.minAmountUsd).gt(band.minLtv)).toBe(true);
        expect(ltvOf(band.minAmountUsd - 1).lte(band.minLtv)).toBe(true);
      }
    }
  });
});

describe('computeRateBands: requested amounts', () => {
  it.each([
    ['exactly 75%', 15000, 'RATE_2', '75.00'],
    ['just above 50%', 10000.01, 'RATE_2', '50.00'],
    ['below the CA minimum', 4999, null, '25.00'],
    ['above the platform maximum', 2000001, null, '10000.01'],
  ])('%s', (_label, requestedAmountUsd, eligibleTierId, currentLtvPct) => {
    const input = { ...base, requestedAmountUsd };
    const result = computeRateBands(input);
    expect(result.eligibleTierId).toBe(eligibleTierId);
    expect(result.currentLtvPct).toBe(currentLtvPct);
    expect(result.rates.filter((band) => band.eligible).map((band) => band.tierId)).toEqual(
      eligibleTierId === null ? [] : [eligibleTierId],
    );
  });

  it('answers a zero collateral with bands but no LTV', () => {
    const result = computeRateBands({ ...base, coinQuantity: '0', requestedAmountUsd: 10000 });
    expect(result.eligibleTierId).toBeNull();
    expect(result.currentLtvPct).toBeUndefined();
    expect(result.rates.map((band) => band.additionalCoinQuantityNeeded)).toEqual([
      '0.505000',
      '0.336667',
    ]);
  });
});

describe('computeRateBands: refusals', () => {
  it.each([
    ['SOL', { collateralType: 'SOL' }, 'UNSUPPORTED_COLLATERAL', 'collateralType'],
    ['an unserviced state', { residence: state('TX') }, 'STATE_NOT_SERVICED', 'state'],
    ['a disabled country', { residence: country('KP') }, 'COUNTRY_NOT_ENABLED', 'countryCode'],
    ['a zero requested amount', { requestedAmountUsd: 0 }, 'INVALID_AMOUNT', 'requestedAmount'],
  ])('refuses %s', (_label, change, code, field) => {
    let caught: unknown;
    try {
      computeRateBands({ ...base, ...change });
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught)).toBe(true);
    expect(caught).toMatchObject({ code });
    expect(Object.keys((caught as { fieldErrors: object }).fieldErrors)).toEqual([field]);
  });

  it.each([
    ['a requested amount with 3 decimals', { requestedAmountUsd: 10000.001 }, 'INVALID_AMOUNT'],
    ['a negative coin quantity', { coinQuantity: '-1' }, 'INVALID_COIN_QUANTITY'],
    ['a zero price', { priceCents: 0 }, 'INVALID_PRICE'],
  ])('throws on %s', (_label, change, code) => {
    expect(() => computeRateBands({ ...base, ...change })).toThrow(
      expect.objectContaining({ code }) as Error,
    );
  });
});
