import { describe, expect, it } from 'vitest';
import {
  cureTimeLeft,
  interestBearingAfterPaymentCents,
  loanHealthLevel,
  ltvAfterCollateral,
  ltvAfterPayment,
  priceFallPct,
  shownLtvPct,
  thresholdsFromLevels,
  whatIfAtPrice,
  whatIfBasisOfOffer,
  whatIfPriceRange,
} from './loan-health.js';
import type { TBalances } from './ledger.js';
import { riskLevel } from './loan-risk.js';
import { Decimal } from './money.js';
import { btcOfferAt60k, state } from './test-support/offer.js';

/** $20,000 drawn, $200 fee capitalised, $150.36 interest accrued. */
const BALANCES: TBalances = {
  principalCents: 2_000_000,
  originationFeeCents: 20_000,
  deferredInterestCents: 0,
  accruedInterestCents: 15_036,
  feesCents: 0,
  totalCents: 2_035_036,
};

describe('shownLtvPct', () => {
  it.each([
    ['74.99999', 74.99],
    ['75', 75],
    ['80.005', 80],
    ['33.8926', 33.89],
    ['120.2381', 120.23],
  ])('%s %% shows as %d %%', (exact, shown) => {
    expect(shownLtvPct(new Decimal(exact))).toBe(shown);
  });

  it('never shows a level the exact LTV has not reached', () => {
    const thresholds = {
      warningLtvPct: 75,
      courtesyNoticeLtvPct: 76,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    };
    for (const exact of ['74.995', '75.999', '79.9999999', '89.995']) {
      const ltv = new Decimal(exact);
      expect(riskLevel(shownLtvPct(ltv), thresholds)).toBe(riskLevel(ltv, thresholds));
    }
  });
});

describe('ltvAfterCollateral', () => {
  it('counts the added coins with the held ones', () => {
    // $20,200 on 1 BTC at $25,000 is 80.80 %; 0.1 BTC more makes it 73.45 %.
    expect(
      ltvAfterCollateral({
        balanceCents: 2_020_000,
        coinQuantity: '1',
        addedQuantity: '0.1',
        priceCents: 2_500_000,
      }).toFixed(4),
    ).toBe('73.4545');
  });

  it('keeps 8 decimals of an added quantity exactly', () => {
    expect(
      ltvAfterCollateral({
        balanceCents: 2_020_000,
        coinQuantity: '0.99999999',
        addedQuantity: '0.00000001',
        priceCents: 2_500_000,
      }).toFixed(),
    ).toBe('80.8');
  });

  it('refuses a quantity that is not a number', () => {
    expect(() =>
      ltvAfterCollateral({
        balanceCents: 1,
        coinQuantity: '1',
        addedQuantity: '-1',
        priceCents: 1,
      }),
    ).toThrow(/coin quantity/);
  });
});

describe('interestBearingAfterPaymentCents', () => {
  it.each([
    // The accrued interest is paid first: $150.36 lowers nothing the LTV is on.
    [15_036, 2_020_000],
    // $1,000 more comes off the capitalised fee first, then the principal.
    [115_036, 1_920_000],
    // The whole balance leaves nothing.
    [2_035_036, 0],
  ])('a payment of %i cents leaves %i cents', (amount, after) => {
    expect(interestBearingAfterPaymentCents(BALANCES, amount)).toBe(after);
  });

  it('refuses a payment above the balance', () => {
    expect(() => interestBearingAfterPaymentCents(BALANCES, 2_035_037)).toThrow(/larger/);
  });
});

describe('ltvAfterPayment', () => {
  it('is the LTV on what the payment leaves', () => {
    // $19,200 on 1 BTC at $25,000.
    expect(
      ltvAfterPayment({
        balances: BALANCES,
        coinQuantity: '1',
        amountCents: 115_036,
        priceCents: 2_500_000,
      }).toFixed(),
    ).toBe('76.8');
  });
});

describe('thresholdsFromLevels', () => {
  it.each([
    [75, 80, 90, 76],
    [80, 85, 90, 80.75],
    [80, 85, 85, 80.75],
  ])('warning %d, margin call %d, liquidation %d → courtesy at %d', (w, m, l, courtesy) => {
    expect(
      thresholdsFromLevels({ warningLtvPct: w, marginCallLtvPct: m, liquidationLtvPct: l }),
    ).toEqual({
      warningLtvPct: w,
      courtesyNoticeLtvPct: courtesy,
      marginCallLtvPct: m,
      liquidationLtvPct: l,
    });
  });

  it('gives the levels the monitoring uses', () => {
    const thresholds = thresholdsFromLevels({
      warningLtvPct: 75,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    });
    expect(riskLevel(74.99, thresholds)).toBe('NONE');
    expect(riskLevel(75, thresholds)).toBe('WARNING');
    expect(riskLevel(76.5, thresholds)).toBe('COURTESY_NOTICE');
    expect(riskLevel(80, thresholds)).toBe('MARGIN_CALL');
    expect(riskLevel(90, thresholds)).toBe('LIQUIDATION');
  });
});

describe('priceFallPct', () => {
  it.each([
    [6_000_000, 4_500_000, 25],
    [6_000_000, 2_693_333, 55.1],
    [6_000_000, 6_000_000, 0],
    [6_000_000, 7_000_000, 0],
  ])('from %i to %i cents is a fall of %d %%', (from, to, pct) => {
    expect(priceFallPct(from, to)).toBe(pct);
  });
});

describe('whatIfPriceRange', () => {
  it.each([
    // $60,000 today, liquidation at $22,444.44: floor 75 % of it ≈ $16,833; step ≈ $216 → $500.
    [
      'runs from today’s price down past the liquidation price in round steps',
      { priceCents: 6_000_000, liquidationPriceCents: 2_244_444 },
      { minUsd: 16_500, maxUsd: 60_000, stepUsd: 500, startUsd: 60_000 },
    ],
    [
      'rounds today’s price to the step for the start and up for the top',
      { priceCents: 312_345, liquidationPriceCents: 150_000 },
      { minUsd: 1_120, maxUsd: 3_130, stepUsd: 10, startUsd: 3_120 },
    ],
    [
      'reaches half of today’s price when the loan is already past liquidation',
      { priceCents: 2_000_000, liquidationPriceCents: 2_244_444 },
      { minUsd: 10_000, maxUsd: 20_000, stepUsd: 50, startUsd: 20_000 },
    ],
  ])('%s', (_rule, prices, range) => {
    expect(whatIfPriceRange(prices)).toEqual(range);
  });

  it('reaches half of today’s price without trigger prices', () => {
    expect(whatIfPriceRange({ priceCents: 6_000_000, liquidationPriceCents: null })?.minUsd).toBe(
      30_000,
    );
  });

  it('offers no slider for a price too low to slide in whole dollars', () => {
    expect(whatIfPriceRange({ priceCents: 200, liquidationPriceCents: null })).toBeNull();
  });

  it('refuses a price that is not positive', () => {
    expect(() => whatIfPriceRange({ priceCents: 0, liquidationPriceCents: null })).toThrow(
      /positive/,
    );
  });
});

describe('cureTimeLeft', () => {
  const deadline = '2025-03-06T15:30:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it.each([
    ['2025-03-04T15:30:00.000Z', { isOver: false, hours: 48, minutes: 0 }],
    ['2025-03-04T15:30:30.000Z', { isOver: false, hours: 47, minutes: 59 }],
    ['2025-03-06T14:00:00.000Z', { isOver: false, hours: 1, minutes: 30 }],
    ['2025-03-06T15:29:00.000Z', { isOver: false, hours: 0, minutes: 1 }],
    ['2025-03-06T15:29:30.000Z', { isOver: true, hours: 0, minutes: 0 }],
    ['2025-03-07T00:00:00.000Z', { isOver: true, hours: 0, minutes: 0 }],
  ])('at %s', (now, left) => {
    expect(cureTimeLeft(deadline, at(now))).toEqual(left);
  });

  it('refuses a deadline that is no date', () => {
    expect(() => cureTimeLeft('soon', 0)).toThrow(/not a date/);
  });
});

describe('loanHealthLevel: one health for the loan page, the dashboard and the console', () => {
  const thresholds = thresholdsFromLevels({
    warningLtvPct: 75,
    marginCallLtvPct: 80,
    liquidationLtvPct: 90,
  });

  it.each<[string | number, boolean, string]>([
    [50, false, 'NONE'],
    ['74.99', false, 'NONE'],
    [75, false, 'WARNING'],
    [76, false, 'COURTESY_NOTICE'],
    [82, false, 'MARGIN_CALL'],
    // A matured loan at 98 % is at the liquidation level, whatever its status.
    [98, false, 'LIQUIDATION'],
    // An open margin call stays one until the risk pass cures it (settled money, or collateral).
    [70, true, 'MARGIN_CALL'],
    [77, true, 'MARGIN_CALL'],
    [91, true, 'LIQUIDATION'],
  ])('%s %% with a margin call open: %s, is %s', (ltv, isMarginCallOpen, level) => {
    expect(loanHealthLevel({ ltvPct: ltv, thresholds, isMarginCallOpen })).toBe(level);
  });

  it('is null without an LTV', () => {
    expect(loanHealthLevel({ ltvPct: null, thresholds, isMarginCallOpen: false })).toBeNull();
  });
});

describe('whatIfAtPrice: what a price would do, as the risk engine would act on it', () => {
  // The 8.91 % tier: warning 75 %, courtesy 76 %, margin call 80 %, liquidation 90 %, sold to 50 %.
  const basis = {
    ltvBalanceCents: 2_020_000,
    saleBalanceCents: 2_035_036,
    coinQuantity: '1',
    thresholds: {
      warningLtvPct: 75,
      courtesyNoticeLtvPct: 76,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    },
    liquidationTargetLtvPct: 50,
  };

  it('at a healthy price: the LTV on the interest-bearing balance, no sale', () => {
    // $20,200 on 1 BTC at $40,000 is 50.5 %.
    expect(whatIfAtPrice(basis, 4_000_000)).toEqual({ ltvPct: 50.5, level: 'NONE', sale: null });
  });

  it('in a margin call: the sale of everything owed back down to the tier’s 50 %', () => {
    const at = whatIfAtPrice(basis, 2_500_000);
    expect(at?.level).toBe('MARGIN_CALL');
    // Worked out by hand: q = ($20,350.36 − 0.5 × $25,000) ÷ ($25,000 × (1 − 0.02 − 0.5)) =
    // 0.6541966…, 0.654197 up to 6 decimals; $16,354.925 → $16,354.93; 2 % → $327.10.
    expect(at?.sale).toMatchObject({
      proceedsCents: 1_635_493,
      feeCents: 32_710,
      appliedCents: 1_602_783,
      surplusCents: 0,
    });
    expect(Number(at?.sale?.coinQuantitySold)).toBe(0.654197);
    expect(Number(at?.sale?.coinQuantityRemaining)).toBe(0.345803);
  });

  it('past liquidation, when all of it does not cover what is owed: everything sold', () => {
    const at = whatIfAtPrice(basis, 1_650_000);
    expect(at?.level).toBe('LIQUIDATION');
    expect(at?.sale).toMatchObject({ proceedsCents: 1_650_000, feeCents: 33_000, surplusCents: 0 });
    expect(at?.sale?.ltvAfterPct).toBeNull();
  });

  it('of an offer: its amount with the fee on its coins, in its tier', () => {
    const offer = btcOfferAt60k(2_000_000, '1', state('OH'));
    const offerBasis = whatIfBasisOfOffer(offer);
    expect(offerBasis).toEqual({
      ltvBalanceCents: 2_025_000,
      saleBalanceCents: 2_025_000,
      coinQuantity: '1',
      thresholds: basis.thresholds,
      liquidationTargetLtvPct: 50,
    });
    // At the offer's own liquidation price the level is liquidation.
    if (offerBasis === null) throw new Error('The offer’s tier must be known');
    expect(whatIfAtPrice(offerBasis, offer.liquidationPriceCents)?.level).toBe('LIQUIDATION');
  });
});
