import { describe, expect, it } from 'vitest';
import {
  COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT,
  HIGH_COLLATERAL_WARNING_LTV_PCT,
  LOAN_TERM_MONTHS,
  MARGIN_CALL_CURE_HOURS,
  MAX_INITIAL_LTV_PCT,
  OFFER_TTL_MINUTES,
  RATE_TIERS,
  REBALANCE_BELOW_LTV_PCT,
} from './rates.js';

describe('rate tiers (document 1 §9)', () => {
  it.each([
    ['RATE_1', 891, 50, 75, 80, 90],
    ['RATE_2', 1150, 75, 80, 85, 90],
  ])(
    '%s: %i bps, initial ≤ %i, warning %i, margin call %i, liquidation %i',
    (id, bps, max, warning, marginCall, liquidation) => {
      expect(RATE_TIERS.find((tier) => tier.id === id)).toEqual({
        id,
        interestRateBps: bps,
        maxInitialLtvPct: max,
        warningLtvPct: warning,
        marginCallLtvPct: marginCall,
        liquidationLtvPct: liquidation,
      });
    },
  );

  it('are ordered by their maximum initial LTV and rate, each alert above the previous', () => {
    expect(RATE_TIERS.map((tier) => tier.id)).toEqual(['RATE_1', 'RATE_2']);
    for (const [index, tier] of RATE_TIERS.entries()) {
      const previous = RATE_TIERS[index - 1];
      if (previous !== undefined) {
        expect(tier.maxInitialLtvPct).toBeGreaterThan(previous.maxInitialLtvPct);
        expect(tier.interestRateBps).toBeGreaterThan(previous.interestRateBps);
      }
      expect(tier.maxInitialLtvPct).toBeLessThanOrEqual(tier.warningLtvPct);
      expect(tier.warningLtvPct).toBeLessThan(tier.marginCallLtvPct);
      expect(tier.marginCallLtvPct).toBeLessThan(tier.liquidationLtvPct);
    }
  });

  it('end at the maximum initial LTV', () => {
    expect(RATE_TIERS.at(-1)?.maxInitialLtvPct).toBe(MAX_INITIAL_LTV_PCT);
  });
});

describe('loan constants', () => {
  it.each([
    ['LOAN_TERM_MONTHS', LOAN_TERM_MONTHS, 12],
    ['MAX_INITIAL_LTV_PCT', MAX_INITIAL_LTV_PCT, 75],
    ['COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT', COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT, 5],
    ['REBALANCE_BELOW_LTV_PCT', REBALANCE_BELOW_LTV_PCT, 35],
    ['MARGIN_CALL_CURE_HOURS', MARGIN_CALL_CURE_HOURS, 48],
    ['OFFER_TTL_MINUTES', OFFER_TTL_MINUTES, 15],
    ['HIGH_COLLATERAL_WARNING_LTV_PCT', HIGH_COLLATERAL_WARNING_LTV_PCT, 20],
  ])('%s = %i', (_name, value, expected) => {
    expect(value).toBe(expected);
  });
});
