import { describe, expect, it } from 'vitest';
import { RATE_TIERS } from './constants/rates.js';
import {
  acceptPriceTick,
  collateralBelowLtv,
  paymentBelowLtvCents,
  payDownBelowLtvCents,
  riskTriggerPrices,
} from './loan-risk-figures.js';
import { interestBearingAfterPaymentCents } from './loan-health.js';
import { riskLevel, riskThresholds } from './loan-risk.js';
import { ltvPct } from './ltv.js';
import { Decimal } from './money.js';

const TIER_1 = riskThresholds(RATE_TIERS[0] as (typeof RATE_TIERS)[0]);

describe('riskTriggerPrices', () => {
  it('names the coin price of each level for $30,000 owed on 1 BTC', () => {
    expect(riskTriggerPrices(3_000_000, '1', TIER_1)).toEqual({
      warningPriceCents: 4_000_000,
      courtesyNoticePriceCents: 3_947_368,
      marginCallPriceCents: 3_750_000,
      liquidationPriceCents: 3_333_333,
    });
  });

  it('has none when nothing is owed or nothing is held', () => {
    expect(riskTriggerPrices(0, '1', TIER_1)).toBeNull();
    expect(riskTriggerPrices(100, '0', TIER_1)).toBeNull();
  });
});

describe('collateralBelowLtv', () => {
  it('adds just enough coin to be strictly below the level', () => {
    // $30,000 on 1 BTC at $38,000 is 78.95 %; below 75 % needs more than 1.0526315… BTC.
    const added = collateralBelowLtv(3_000_000, '1', 3_800_000, 75);
    const after = ltvPct(3_000_000, new Decimal(1).plus(added), 3_800_000);
    expect(after.lt(75)).toBe(true);
    expect(riskLevel(after, TIER_1)).toBe('NONE');
    const oneStepLess = ltvPct(
      3_000_000,
      new Decimal(1).plus(added).minus('0.00000001'),
      3_800_000,
    );
    expect(oneStepLess.gte(75)).toBe(true);
  });

  it('asks one step more than the exact need when that lands on the threshold', () => {
    // $30,000 on 1 BTC at $40,000 is exactly 75 %.
    expect(collateralBelowLtv(3_000_000, '1', 4_000_000, 75).toFixed(8)).toBe('0.00000001');
  });

  it('asks nothing below the level or with nothing owed', () => {
    expect(collateralBelowLtv(3_000_000, '1', 6_000_000, 75).toString()).toBe('0');
    expect(collateralBelowLtv(0, '1', 6_000_000, 75).toString()).toBe('0');
  });
});

describe('paymentBelowLtvCents', () => {
  it('pays the balance down to the highest cent strictly below the level', () => {
    // 1 BTC at $38,000: 75 % is $28,500.00 exactly, so the balance must be $28,499.99.
    expect(paymentBelowLtvCents(3_000_000, '1', 3_800_000, 75)).toBe(150_001);
    const after = ltvPct(3_000_000 - 150_001, '1', 3_800_000);
    expect(after.lt(75)).toBe(true);
  });

  it('rounds a fractional limit down', () => {
    // 0.5 BTC at $33,333.33 = $16,666.665; 75 % = 1,249,999.875 cents → 1,249,999 allowed.
    expect(paymentBelowLtvCents(1_300_000, '0.5', 3_333_333, 75)).toBe(50_001);
  });

  it('asks nothing when the loan is already below the level', () => {
    expect(paymentBelowLtvCents(1_000_000, '1', 6_000_000, 75)).toBe(0);
  });
});

describe('payDownBelowLtvCents', () => {
  // $29,000 principal, $600 capitalised fee, $400 deferred: $30,000 interest-bearing; $123.45
  // accrued, $25.00 of fees, $4.11 of today's interest not in the ledger yet.
  const balances = {
    principalCents: 2_900_000,
    originationFeeCents: 60_000,
    deferredInterestCents: 40_000,
    accruedInterestCents: 12_345,
    feesCents: 2_500,
    totalCents: 3_014_845,
  };

  it('adds the fees and interest a payment clears first to the cut of the balance', () => {
    // 1 BTC at $38,000: the interest-bearing balance must fall to $28,499.99, by $1,500.01;
    // before that the payment clears $25.00 + $123.45 + $4.11 = $152.56: $1,652.57 in all.
    const cents = payDownBelowLtvCents({
      balances,
      interestToAccrueCents: 411,
      coinQuantity: '1',
      priceCents: 3_800_000,
      ltvPct: 75,
    });
    expect(cents).toBe(165_257);
    // Paid on balances that include today's interest, it leaves $28,499.99 bearing interest.
    const withToday = {
      ...balances,
      accruedInterestCents: 12_756,
      totalCents: 3_015_256,
    };
    expect(interestBearingAfterPaymentCents(withToday, cents)).toBe(2_849_999);
    expect(ltvPct(2_849_999, '1', 3_800_000).lt(75)).toBe(true);
  });

  it('asks nothing, not even the interest, when the loan is already below the level', () => {
    expect(
      payDownBelowLtvCents({
        balances,
        interestToAccrueCents: 411,
        coinQuantity: '1',
        priceCents: 6_000_000,
        ltvPct: 75,
      }),
    ).toBe(0);
  });
});

describe('acceptPriceTick (wick guard)', () => {
  const recent = [6_000_000, 6_010_000, 5_990_000];

  it('accepts a price within 10 % of the recent median', () => {
    expect(
      acceptPriceTick({ priceCents: 5_500_000, recentAcceptedCents: recent, previous: null }),
    ).toEqual({ accepted: true, reason: null });
  });

  it('holds back a single price more than 10 % off', () => {
    const decision = acceptPriceTick({
      priceCents: 5_000_000,
      recentAcceptedCents: recent,
      previous: { priceCents: 6_000_000, accepted: true },
    });
    expect(decision.accepted).toBe(false);
    expect(decision.reason).toContain('-16.67 %');
  });

  it.each([
    [
      'accepts the move once a second consecutive price confirms it',
      {
        priceCents: 5_100_000,
        recentAcceptedCents: recent,
        previous: { priceCents: 5_000_000, accepted: false },
      },
      true,
    ],
    [
      'does not take a held-back spike the other way as confirmation',
      {
        priceCents: 5_000_000,
        recentAcceptedCents: recent,
        previous: { priceCents: 7_000_000, accepted: false },
      },
      false,
    ],
    [
      'accepts anything when no recent accepted price exists',
      { priceCents: 100, recentAcceptedCents: [], previous: null },
      true,
    ],
  ])('%s', (_rule, tick, accepted) => {
    expect(acceptPriceTick(tick).accepted).toBe(accepted);
  });
});
