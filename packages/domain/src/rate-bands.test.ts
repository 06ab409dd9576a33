import { describe, expect, it } from 'vitest';
import { RATE_TIERS } from './constants/rates.js';
import { US_STATE_CODES } from './constants/states.js';
import { isDomainError } from './errors.js';
import { additionalCoinQuantity, initialLtvPct, selectRateTier } from './ltv.js';
import { Decimal, coinQuantityString, usdToCents } from './money.js';
import { loanAmountCents } from './offer.js';
import { computeRateBands, type TRateBandsInput, type TRateBands } from './rate-bands.js';
import { isServiced, loanLimitsUsd, type TResidence } from './residence.js';
import { country, state } from './test-support/offer.js';

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

/**
 * The bands from their definitions, in exact decimals and by search rather than by the integer
 * arithmetic of rate-bands.ts: the most cash of a band is the largest whole dollar amount whose
 * loan amount (offer.ts, the fee with its flat minimum) is at most the band's LTV of the value.
 */
function bandsByDefinition(input: TRateBandsInput): TRateBands {
  const { residence, priceCents } = input;
  const value = new Decimal(input.coinQuantity).times(priceCents);
  const limits = loanLimitsUsd(residence);
  const fitsUnder = (usd: number, pct: number) =>
    new Decimal(loanAmountCents(usd * 100, residence)).lte(value.times(pct).div(100));
  const mostCashUsd = (pct: number) => {
    let low = 0;
    let high = value.div(100).floor().toNumber() + 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fitsUnder(middle, pct)) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const requestedCents =
    input.requestedAmountUsd === undefined ? undefined : usdToCents(input.requestedAmountUsd);
  const targetAmountCents = loanAmountCents(requestedCents ?? limits.min * 100, residence);
  const rates = RATE_TIERS.map((tier, index) => {
    const minLtv = RATE_TIERS[index - 1]?.maxInitialLtvPct ?? 0;
    return {
      tierId: tier.id,
      rate: new Decimal(tier.interestRateBps).div(100).toFixed(3),
      minLtv,
      maxLtv: tier.maxInitialLtvPct,
      minAmountUsd: Math.max(limits.min, minLtv === 0 ? 0 : mostCashUsd(minLtv) + 1),
      maxAmountUsd: Math.min(limits.max, mostCashUsd(tier.maxInitialLtvPct)),
      additionalCoinQuantityNeeded: coinQuantityString(
        additionalCoinQuantity(
          targetAmountCents,
          input.coinQuantity,
          priceCents,
          tier.maxInitialLtvPct,
        ),
      ),
      eligible: false,
    };
  });
  if (requestedCents === undefined) {
    for (const band of rates) band.eligible = band.minAmountUsd <= band.maxAmountUsd;
    return { rates, eligibleTierId: rates.find((band) => band.eligible)?.tierId ?? null };
  }
  if (value.isZero()) return { rates, eligibleTierId: null };
  const ltv = initialLtvPct({ amountCents: targetAmountCents, ...input });
  const isWithinLimits = requestedCents >= limits.min * 100 && requestedCents <= limits.max * 100;
  const eligibleTierId = isWithinLimits ? (selectRateTier(ltv)?.id ?? null) : null;
  for (const band of rates) band.eligible = band.tierId === eligibleTierId;
  return { rates, currentLtvPct: ltv.toFixed(2, Decimal.ROUND_HALF_UP), eligibleTierId };
}

/** Seeded (mulberry32), so that a failing case is found again. */
function seeded(seed: number): () => number {
  let current = seed >>> 0;
  return () => {
    current = (current + 0x6d2b79f5) >>> 0;
    let t = Math.imul(current ^ (current >>> 15), current | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('computeRateBands: every figure as its definition gives it', () => {
  const random = seeded(37);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const residences: TResidence[] = [
    ...US_STATE_CODES.map(state).filter(isServiced),
    country('GB'),
    country('DE'),
  ];
  const cases: TRateBandsInput[] = Array.from({ length: 400 }, () => {
    const decimals = Math.floor(random() * 7);
    const coinQuantity = (random() * pick([0.001, 1, 5, 100, 400])).toFixed(decimals);
    const priceCents = pick([6_000_000, 300_000, 4_000_000, 1 + Math.floor(random() * 9_999_999)]);
    const valueUsd = (Number(coinQuantity) * priceCents) / 100;
    const requestedAmountUsd = pick([
      undefined,
      Math.floor(random() * valueUsd * 0.9) + 1,
      (Math.round(random() * valueUsd * 90) + 1) / 100,
      pick([5_000, 10_000, 250_001, 2_000_000, 2_000_001]),
    ]);
    return {
      collateralType: pick(['BTC', 'ETH']),
      coinQuantity,
      priceCents,
      residence: pick(residences),
      ...(requestedAmountUsd === undefined ? {} : { requestedAmountUsd }),
    };
  });

  it.each(cases.map((input) => [JSON.stringify(input), input] as const))('%s', (_label, input) => {
    expect(computeRateBands(input)).toEqual(bandsByDefinition(input));
  });

  it.each([
    // On a band's edge: $10,100 owed on $20,200 of collateral is exactly 50 %.
    ['exactly at 50 %', { ...base, requestedAmountUsd: 10000 }],
    [
      'a quantity with more decimals than a borrower may type',
      { ...base, coinQuantity: '0.1234567891' },
    ],
    ['a Decimal quantity', { ...base, coinQuantity: new Decimal('1.25') }],
    ['a one-cent price', { ...base, priceCents: 1, requestedAmountUsd: 1 }],
    [
      'a flat-fee state below its fee',
      { ...base, coinQuantity: '0.00001', residence: state('OH') },
    ],
  ] as const)('%s', (_label, input) => {
    expect(computeRateBands(input)).toEqual(bandsByDefinition(input));
  });

  it.each([
    // No cash of such a collateral is a whole number of cents a loan can have.
    ['a collateral worth more than any loan', { ...base, coinQuantity: `1${'0'.repeat(30)}` }],
    ['a loan amount beyond whole cents', { ...base, requestedAmountUsd: 90_071_992_547_409 }],
  ])('refuses %s as the amounts it would need are refused', (_label, change) => {
    expect(() => computeRateBands({ ...base, ...change })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }) as Error,
    );
  });
});
