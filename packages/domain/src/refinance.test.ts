import { describe, expect, it } from 'vitest';
import { Decimal } from './money.js';
import {
  REFI_EXAMPLE_APR_PCT,
  REFI_OPTIONS,
  isStabilizationAvailable,
  refiOptions,
  refiPricing,
  refiTopUpCoinQuantity,
  type TRefiPricing,
} from './refinance.js';

describe('refiPricing (document 2 §9)', () => {
  it.each<[number | string, TRefiPricing]>([
    [0, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    [40, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    [55, { option: 'CUSTODY_ONLY', topUpRequired: false }],
    ['55.0001', { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    [62.5, { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    [70, { option: 'OWNERSHIP_TRANSFER', topUpRequired: false }],
    ['70.0001', { option: 'CUSTODY_ONLY', topUpRequired: true }],
    [85, { option: 'CUSTODY_ONLY', topUpRequired: true }],
    [140, { option: 'CUSTODY_ONLY', topUpRequired: true }],
  ])('LTV %s%% → %o', (ltv, expected) => {
    expect(refiPricing(ltv)).toEqual(expected);
    expect(refiPricing(new Decimal(ltv))).toEqual(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 'abc', ''])('refuses the LTV %s', (ltv) => {
    expect(() => refiPricing(ltv)).toThrow(
      expect.objectContaining({ code: 'INVALID_LTV' }) as Error,
    );
  });
});

describe('refiOptions', () => {
  it.each<[number, TRefiPricing[]]>([
    [50, [{ option: 'CUSTODY_ONLY', topUpRequired: false }]],
    [
      60,
      [
        { option: 'OWNERSHIP_TRANSFER', topUpRequired: false },
        { option: 'CUSTODY_ONLY', topUpRequired: true },
      ],
    ],
    [75, [{ option: 'CUSTODY_ONLY', topUpRequired: true }]],
  ])('LTV %i%% opens %o', (ltv, expected) => {
    expect(refiOptions(ltv)).toEqual(expected);
  });
});

describe('refiTopUpCoinQuantity', () => {
  it.each([
    // $11,000 owed on 0.5 BTC at $40,000 (55%): nothing to add.
    [1100000, '0.5', 4000000, '0'],
    [1000000, '0.5', 4000000, '0'],
    // $14,000 on $20,000 (70%): 55% needs $25,454.55 of BTC = 0.636364 (rounded up); 0.136364 more.
    [1400000, '0.5', 4000000, '0.136364'],
    // $20,000 on 2 ETH at $3,000 (333%): 55% needs 12.121212… ETH.
    [2000000, '2', 300000, '10.121213'],
    [1100001, '0.5', 4000000, '0.000001'],
  ])('%i cents on %s coin at %i cents → %s', (loanCents, coinQuantity, priceCents, expected) => {
    expect(refiTopUpCoinQuantity({ loanCents, coinQuantity, priceCents })).toBe(expected);
  });

  it('brings the LTV to 55% or below, and one step less does not', () => {
    const input = { loanCents: 1876543, coinQuantity: '0.4', priceCents: 5123456 };
    const topUp = new Decimal(refiTopUpCoinQuantity(input));
    const ltvWith = (quantity: Decimal) =>
      new Decimal(input.loanCents).times(100).div(quantity.times(input.priceCents));
    expect(ltvWith(topUp.plus(input.coinQuantity)).lte(55)).toBe(true);
    expect(ltvWith(topUp.minus('0.000001').plus(input.coinQuantity)).gt(55)).toBe(true);
  });
});

describe('refinancing constants', () => {
  it('lists the example rates of both treatments', () => {
    expect(REFI_OPTIONS).toEqual(['CUSTODY_ONLY', 'OWNERSHIP_TRANSFER']);
    expect(REFI_EXAMPLE_APR_PCT).toEqual({ CUSTODY_ONLY: 14, OWNERSHIP_TRANSFER: 13 });
  });

  it.each([
    ['CUSTODY_ONLY', true],
    ['OWNERSHIP_TRANSFER', false],
  ] as const)('stabilization with %s: %s', (option, expected) => {
    expect(isStabilizationAvailable(option)).toBe(expected);
  });
});
