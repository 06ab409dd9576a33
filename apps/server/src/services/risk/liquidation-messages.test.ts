import { describe, expect, it } from 'vitest';
import {
  liquidationStatementLines,
  type TLiquidationStatementFacts,
} from './liquidation-messages.js';

/** A loan that started at 74.07 % in the 11.5 % tier (up to 75 %), partly liquidated. */
const FACTS: TLiquidationStatementFacts = {
  loanUuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  collateralType: 'BTC',
  reason: 'LIQUIDATION_LTV',
  liquidationLtvPct: 90,
  targetLtvPct: 75,
  initialLtvPct: '74.07',
  ltvAtDecisionPct: '90.12',
  decisionPriceCents: 2_500_000,
  decisionObservedAt: '2026-12-03T14:00:00.000Z',
  coinQuantitySold: '0.14000000',
  fillPriceCents: 2_500_000,
  venue: 'Sandbox exchange',
  executedAt: '2026-12-03T14:00:05.000Z',
  proceedsCents: 350_000,
  feeCents: 7_000,
  appliedCents: 343_000,
  surplusCents: 0,
  balanceAfterCents: 1_700_000,
  coinQuantityRemaining: '0.86000000',
  ltvAfterPct: '74.99',
};

describe('liquidationStatementLines', () => {
  it('names the LTV the sale restores as its tier’s top, and the real initial LTV', () => {
    const lines = liquidationStatementLines(FACTS);
    expect(lines).toContain(
      'We sold only enough collateral to bring your loan-to-value back to 75%, the top of its rate tier (your loan started at 74.07%).',
    );
    expect(lines.join('\n')).not.toMatch(/initial loan-to-value of 75%/);
  });

  it('says when, in words and UTC, not as ISO timestamps', () => {
    const text = liquidationStatementLines(FACTS).join('\n');
    expect(text).toContain('BTC at $25,000.00 (price of Dec 3, 2026, 14:00 UTC)');
    expect(text).toContain('on Sandbox exchange, at Dec 3, 2026, 14:00 UTC.');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('says so when everything had to be sold', () => {
    const lines = liquidationStatementLines({ ...FACTS, ltvAfterPct: null });
    expect(lines[1]).toBe(
      'Selling all of your collateral was needed: less could not bring your loan-to-value back to 75%, the top of its rate tier (your loan started at 74.07%).',
    );
  });
});
