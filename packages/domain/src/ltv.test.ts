import { describe, expect, it } from 'vitest';
import { RATE_TIERS, type TRateTier } from './constants/rates.js';
import {
  additionalCoinQuantity,
  coinQuantityAtLtv,
  collateralValueCents,
  courtesyNoticeLtvPct,
  ltvPct,
  ltvStatus,
  priceAtLtv,
  selectRateTier,
  type TLtvStatus,
} from './ltv.js';
import { Decimal } from './money.js';
import { domainErrorCode } from './test-support/domain-error-code.js';

const [RATE_1, RATE_2] = RATE_TIERS as [TRateTier, TRateTier];

describe('ltvPct', () => {
  it.each([
    [1000000, '0.5', 4000000, '50'],
    [1200000, '0.5', 4000000, '60'],
    [1000000, '1', 3000000, '33.33333333333333333333333333333333333333'],
    [0, '1', 100, '0'],
    [1000000, '0.25', 6000000, '66.66666666666666666666666666666666666667'],
  ])('%i cents on %s coin at %i cents → %s%%', (loan, quantity, price, expected) => {
    expect(ltvPct(loan, quantity, price).toFixed()).toBe(expected);
  });

  it.each([
    ['no collateral', () => ltvPct(100, '0', 100), 'INVALID_COIN_QUANTITY'],
    ['a zero price', () => ltvPct(100, '1', 0), 'INVALID_PRICE'],
    ['a fractional price', () => ltvPct(100, '1', 1.5), 'INVALID_PRICE'],
    ['a negative loan', () => ltvPct(-1, '1', 100), 'INVALID_AMOUNT'],
  ])('refuses %s', (_label, run, code) => {
    expect(domainErrorCode(run)).toBe(code);
  });
});

describe('collateralValueCents', () => {
  it('multiplies exactly', () => {
    expect(collateralValueCents('0.123456', 6543210).toFixed()).toBe('807798.53376');
  });
});

describe('priceAtLtv', () => {
  it.each([
    // $10,100 owed on 0.5 BTC: margin call at 80% when 0.5 × price × 0.8 = 10,100.
    [1010000, '0.5', 80, 2525000],
    [1010000, '0.5', 90, 2244444],
    [1010000, '0.5', 75, 2693333],
    [1010000, '0.5', new Decimal('85'), 2376471],
    [100, '3', '100', 33],
    [200, '3', 100, 67],
  ])('%i cents on %s coin reaches %s%% at %i cents', (loan, quantity, ltv, price) => {
    expect(priceAtLtv(loan, quantity, ltv)).toBe(price);
  });

  it('is the price at which ltvPct gives back the LTV', () => {
    const price = priceAtLtv(1010000, '0.5', 80);
    expect(ltvPct(1010000, '0.5', price).toDecimalPlaces(3).toNumber()).toBe(80);
  });

  it.each([
    ['no coins', () => priceAtLtv(100, '0', 80), 'INVALID_COIN_QUANTITY'],
    ['a zero LTV', () => priceAtLtv(100, '1', 0), 'INVALID_LTV'],
    ['a negative LTV', () => priceAtLtv(100, '1', -5), 'INVALID_LTV'],
    ['an LTV that is not a number', () => priceAtLtv(100, '1', 'high'), 'INVALID_LTV'],
  ])('refuses %s', (_label, run, code) => {
    expect(domainErrorCode(run)).toBe(code);
  });
});

describe('coinQuantityAtLtv and additionalCoinQuantity', () => {
  it.each([
    [1000000, 4000000, 50, '0.5'],
    [1000000, 4000000, 75, '0.3333333333333333333333333333333333333333'],
    [500000, 6000000, 75, '0.1111111111111111111111111111111111111111'],
  ])('%i cents at %i cents/coin and %i%% needs %s coin', (loan, price, ltv, quantity) => {
    expect(coinQuantityAtLtv(loan, price, ltv).toFixed()).toBe(quantity);
  });

  it.each([
    [1000000, '0.5', 4000000, 50, '0'],
    [1000000, '0.6', 4000000, 50, '0'],
    [1000000, '0.4', 4000000, 50, '0.1'],
    [1000000, '0.3', 4000000, 75, '0.033334'],
    [1000000, '0', 4000000, 75, '0.333334'],
    [1000000, '0.3333335', 4000000, 75, '0'],
    [1000000, '0.3333333', 4000000, 75, '0.000001'],
  ])(
    '%i cents on %s coin at %i cents needs %s more for %i%%',
    (loan, quantity, price, ltv, more) => {
      expect(additionalCoinQuantity(loan, quantity, price, ltv).toFixed()).toBe(more);
    },
  );
});

describe('selectRateTier', () => {
  it.each([
    ['0.01', 'RATE_1'],
    ['20', 'RATE_1'],
    ['50', 'RATE_1'],
    ['50.0000001', 'RATE_2'],
    ['60', 'RATE_2'],
    ['75', 'RATE_2'],
    ['75.0000001', null],
    ['90', null],
    ['0', null],
    ['-5', null],
    ['Infinity', null],
  ])('initial LTV %s%% → %s', (ltv, tierId) => {
    expect(selectRateTier(new Decimal(ltv))?.id ?? null).toBe(tierId);
  });
});

describe('courtesyNoticeLtvPct', () => {
  it.each([
    [RATE_1, 76],
    [RATE_2, 80.75],
  ])('%o sends the notice at %d%%', (tier, pct) => {
    expect(courtesyNoticeLtvPct(tier)).toBe(pct);
  });
});

describe('ltvStatus', () => {
  it.each<[TRateTier, string, TLtvStatus]>([
    [RATE_1, '10', 'REBALANCE_ELIGIBLE'],
    [RATE_1, '34.99', 'REBALANCE_ELIGIBLE'],
    [RATE_1, '35', 'HEALTHY'],
    [RATE_1, '74.99', 'HEALTHY'],
    [RATE_1, '75', 'WARNING'],
    [RATE_1, '75.99', 'WARNING'],
    [RATE_1, '76', 'COURTESY_NOTICE'],
    [RATE_1, '79.99', 'COURTESY_NOTICE'],
    [RATE_1, '80', 'MARGIN_CALL'],
    [RATE_1, '89.99', 'MARGIN_CALL'],
    [RATE_1, '90', 'LIQUIDATION'],
    [RATE_1, '120', 'LIQUIDATION'],
    [RATE_2, '34', 'REBALANCE_ELIGIBLE'],
    [RATE_2, '79.99', 'HEALTHY'],
    [RATE_2, '80', 'WARNING'],
    [RATE_2, '80.74', 'WARNING'],
    [RATE_2, '80.75', 'COURTESY_NOTICE'],
    [RATE_2, '85', 'MARGIN_CALL'],
    [RATE_2, '90', 'LIQUIDATION'],
  ])('%o at %s%% → %s', (tier, ltv, status) => {
    expect(ltvStatus(ltv, tier)).toBe(status);
  });

  it('reports a warning level set below the courtesy notice on its own', () => {
    const tier: TRateTier = { ...RATE_2, warningLtvPct: 70 };
    expect(ltvStatus(69.9, tier)).toBe('HEALTHY');
    expect(ltvStatus(70, tier)).toBe('WARNING');
    expect(ltvStatus(new Decimal('80.74'), tier)).toBe('WARNING');
    expect(ltvStatus(new Decimal('80.75'), tier)).toBe('COURTESY_NOTICE');
  });

  it.each(['abc', Number.NaN, ''])('refuses the LTV %j', (ltv) => {
    expect(() => ltvStatus(ltv, RATE_1)).toThrow(
      expect.objectContaining({ code: 'INVALID_LTV' }) as Error,
    );
  });

  it('keeps the highest crossed alert when a warning sits above the courtesy notice', () => {
    const tier: TRateTier = { ...RATE_1, warningLtvPct: 78 };
    expect(ltvStatus(76, tier)).toBe('COURTESY_NOTICE');
    expect(ltvStatus(78, tier)).toBe('WARNING');
  });
});
