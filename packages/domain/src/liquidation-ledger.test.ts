import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIQUIDATION_FILL_MESSAGES,
  liquidationFillFigures,
  liquidationFillProblems,
  liquidationJournal,
  statusAfterLiquidation,
  SURPLUS_PAYOUT_MESSAGES,
  surplusOwedCents,
  surplusPayoutJournal,
} from './liquidation-ledger.js';
import { assertBalancedJournal, balancesOfLegs, type TBalances } from './ledger.js';
import { liquidationPlan } from './loan-risk.js';
import { Decimal } from './money.js';

function balances(parts: Partial<TBalances>): TBalances {
  const full = {
    principalCents: 0,
    originationFeeCents: 0,
    deferredInterestCents: 0,
    accruedInterestCents: 0,
    feesCents: 0,
    ...parts,
  };
  return {
    ...full,
    totalCents:
      full.principalCents +
      full.originationFeeCents +
      full.deferredInterestCents +
      full.accruedInterestCents +
      full.feesCents,
  };
}

describe('liquidationFillFigures', () => {
  it('gives the plan back when the fill is the plan (same quantity, same price)', () => {
    const plan = liquidationPlan({
      balanceCents: 1_000_000,
      coinQuantity: '1',
      priceCents: 1_111_112,
      targetLtvPct: 50,
    });
    const figures = liquidationFillFigures({
      balanceCents: 1_000_000,
      coinQuantityHeld: '1',
      coinQuantitySold: plan.coinQuantitySold,
      priceCents: 1_111_112,
    });
    expect(figures).toEqual({ ...plan, balanceAfterCents: 1_000_000 - plan.appliedCents });
  });

  it.each([
    // proceeds, fee (2 % half-up): 0.5 BTC at $20,000.01 → $10,000.005 → 1,000,001 cents (half-up)
    ['0.5', 2_000_001, 1_000_001, 20_000],
    // 0.00000001 BTC at $600,000 → 0.6 cents → 1 cent, fee 0.02 → 0
    ['0.00000001', 60_000_000, 1, 0],
    // 0.25 at $30,000.00 → $7,500, fee $150
    ['0.25', 3_000_000, 750_000, 15_000],
  ])('sells %s at %i cents: proceeds %i, fee %i', (sold, price, proceeds, fee) => {
    const figures = liquidationFillFigures({
      balanceCents: 5_000_000,
      coinQuantityHeld: '1',
      coinQuantitySold: sold,
      priceCents: price,
    });
    expect(figures.proceedsCents).toBe(proceeds);
    expect(figures.feeCents).toBe(fee);
    expect(figures.appliedCents).toBe(proceeds - fee);
    expect(figures.surplusCents).toBe(0);
  });

  it('keeps a surplus when the net proceeds pass the balance', () => {
    const figures = liquidationFillFigures({
      balanceCents: 500_000,
      coinQuantityHeld: '0.2',
      coinQuantitySold: '0.2',
      priceCents: 4_000_000,
    });
    expect(figures).toMatchObject({
      proceedsCents: 800_000,
      feeCents: 16_000,
      appliedCents: 500_000,
      surplusCents: 284_000,
      balanceAfterCents: 0,
      coinQuantityRemaining: '0.00000000',
      ltvAfterPct: null,
    });
    expect(statusAfterLiquidation(figures)).toBe('LIQUIDATED');
  });

  it('leaves the rest as collateral with its LTV at the fill price', () => {
    const figures = liquidationFillFigures({
      balanceCents: 1_000_000,
      coinQuantityHeld: '1',
      coinQuantitySold: '0.5',
      priceCents: 1_100_000,
    });
    // 550,000 proceeds, 11,000 fee, 539,000 applied; 461,000 on 0.5 × 1,100,000 = 83.82 %.
    expect(figures.balanceAfterCents).toBe(461_000);
    expect(figures.ltvAfterPct).toBe('83.82');
    expect(statusAfterLiquidation(figures)).toBe('ACTIVE');
  });

  it('refuses a sale of more than is held, of nothing, or worth less than a cent', () => {
    const base = { balanceCents: 100, coinQuantityHeld: '1', priceCents: 100 };
    expect(() => liquidationFillFigures({ ...base, coinQuantitySold: '1.1' })).toThrow(
      /holds only/,
    );
    expect(() => liquidationFillFigures({ ...base, coinQuantitySold: '0' })).toThrow(
      LIQUIDATION_FILL_MESSAGES.quantityPositive,
    );
    expect(() =>
      liquidationFillFigures({ ...base, coinQuantitySold: '0.001', priceCents: 1 }),
    ).toThrow(LIQUIDATION_FILL_MESSAGES.proceedsNone);
  });
});

describe('liquidationJournal', () => {
  it('applies the net proceeds in the payment order and books the fee and the surplus', () => {
    const owed = balances({
      principalCents: 400_000,
      originationFeeCents: 4_000,
      deferredInterestCents: 1_000,
      accruedInterestCents: 2_500,
      feesCents: 500,
    });
    const figures = liquidationFillFigures({
      balanceCents: owed.totalCents,
      coinQuantityHeld: '0.2',
      coinQuantitySold: '0.2',
      priceCents: 4_000_000,
    });
    const journal = liquidationJournal(owed, figures);
    assertBalancedJournal(journal);
    expect(journal.kind).toBe('LIQUIDATION');
    expect(journal.legs).toEqual([
      { account: 'LIQUIDATION_PROCEEDS', amountCents: 800_000 },
      { account: 'FEE_INCOME', amountCents: -16_000 },
      { account: 'FEES', amountCents: -500 },
      { account: 'ACCRUED_INTEREST', amountCents: -2_500 },
      { account: 'DEFERRED_INTEREST', amountCents: -1_000 },
      { account: 'ORIGINATION_FEE', amountCents: -4_000 },
      { account: 'PRINCIPAL', amountCents: -400_000 },
      { account: 'SURPLUS_PAYABLE', amountCents: -(800_000 - 16_000 - 408_000) },
    ]);
  });

  it('pays the oldest receivables first when it does not cover everything', () => {
    const owed = balances({ principalCents: 1_000_000, accruedInterestCents: 3_000 });
    const figures = liquidationFillFigures({
      balanceCents: owed.totalCents,
      coinQuantityHeld: '1',
      coinQuantitySold: '0.1',
      priceCents: 1_000_000,
    });
    expect(liquidationJournal(owed, figures).legs).toEqual([
      { account: 'LIQUIDATION_PROCEEDS', amountCents: 100_000 },
      { account: 'FEE_INCOME', amountCents: -2_000 },
      { account: 'ACCRUED_INTEREST', amountCents: -3_000 },
      { account: 'PRINCIPAL', amountCents: -95_000 },
    ]);
  });

  it('balances, and leaves balances that are the old ones less what was applied', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (principal, accrued, priceCents, heldSats, soldShare) => {
          const owed = balances({ principalCents: principal, accruedInterestCents: accrued });
          const held = new Decimal(heldSats).div(100_000_000);
          const sold = held.times(soldShare).div(100).toDecimalPlaces(8, Decimal.ROUND_DOWN);
          if (sold.isZero() || sold.times(priceCents).round().isZero()) return;
          const figures = liquidationFillFigures({
            balanceCents: owed.totalCents,
            coinQuantityHeld: held,
            coinQuantitySold: sold,
            priceCents,
          });
          const journal = liquidationJournal(owed, figures);
          assertBalancedJournal(journal);
          const after = balancesOfLegs([
            { account: 'PRINCIPAL', amountCents: principal },
            ...(accrued > 0
              ? [{ account: 'ACCRUED_INTEREST' as const, amountCents: accrued }]
              : []),
            ...journal.legs,
          ]);
          expect(after.totalCents).toBe(figures.balanceAfterCents);
          expect(figures.proceedsCents).toBe(
            figures.feeCents + figures.appliedCents + figures.surplusCents,
          );
          expect(figures.surplusCents === 0 || figures.balanceAfterCents === 0).toBe(true);
        },
      ),
    );
  });
});

describe('liquidationFillProblems', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const ok = {
    coinQuantitySold: '0.4',
    coinQuantityToSell: '0.5',
    coinQuantityHeld: '1',
    collateralType: 'BTC',
    priceCents: 5_000_000,
    executedAt: now,
    now,
  };

  it('accepts a fill within the order, the collateral and the clock', () => {
    expect(liquidationFillProblems(ok)).toEqual({});
  });

  it.each<[string, Partial<typeof ok>, Record<string, string[]>]>([
    [
      'more than the order',
      { coinQuantitySold: '0.6' },
      { coinQuantitySold: ["Sell no more than the order's 0.50000000 BTC"] },
    ],
    [
      'more than the collateral',
      { coinQuantitySold: '0.5', coinQuantityHeld: '0.3' },
      { coinQuantitySold: ['The loan holds only 0.30000000 BTC'] },
    ],
    [
      'nothing',
      { coinQuantitySold: '0' },
      { coinQuantitySold: [LIQUIDATION_FILL_MESSAGES.quantityPositive] },
    ],
    ['a zero price', { priceCents: 0 }, { priceCents: [LIQUIDATION_FILL_MESSAGES.pricePositive] }],
    [
      'a sale in the future',
      { executedAt: new Date(now.getTime() + 1_000) },
      { executedAt: [LIQUIDATION_FILL_MESSAGES.executedInFuture] },
    ],
  ])('refuses %s', (_name, change, problems) => {
    expect(liquidationFillProblems({ ...ok, ...change })).toEqual(problems);
  });
});

describe('statusAfterLiquidation', () => {
  it.each<[number, string, 'LIQUIDATED' | 'ACTIVE']>([
    [0, '0.5', 'LIQUIDATED'],
    [100, '0', 'LIQUIDATED'],
    [100, '0.00000000', 'LIQUIDATED'],
    [100, '0.1', 'ACTIVE'],
  ])('balance %i with %s left is %s', (balanceAfterCents, coinQuantityRemaining, status) => {
    expect(statusAfterLiquidation({ balanceAfterCents, coinQuantityRemaining })).toBe(status);
  });
});

describe('surplusPayoutJournal', () => {
  it('clears the whole surplus against cash, leaving the receivables untouched', () => {
    const journal = surplusPayoutJournal({ owedCents: 376_000, amountCents: 376_000 });
    expect(journal).toEqual({
      kind: 'SURPLUS_PAYOUT',
      legs: [
        { account: 'SURPLUS_PAYABLE', amountCents: 376_000 },
        { account: 'CASH', amountCents: -376_000 },
      ],
    });
    assertBalancedJournal(journal);
    expect(balancesOfLegs(journal.legs).totalCents).toBe(0);
  });

  it('after a liquidation with a surplus, brings SURPLUS_PAYABLE back to zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (principal, price) => {
          const owed = balances({ principalCents: principal });
          const figures = liquidationFillFigures({
            balanceCents: owed.totalCents,
            coinQuantityHeld: '1',
            coinQuantitySold: '1',
            priceCents: price,
          });
          fc.pre(figures.surplusCents > 0);
          const sale = liquidationJournal(owed, figures).legs;
          const surplusSum = (legs: { account: string; amountCents: number }[]) =>
            legs
              .filter((leg) => leg.account === 'SURPLUS_PAYABLE')
              .reduce((a, l) => a + l.amountCents, 0);
          const owedBack = surplusOwedCents(surplusSum(sale));
          expect(owedBack).toBe(figures.surplusCents);
          const payout = surplusPayoutJournal({ owedCents: owedBack, amountCents: owedBack });
          expect(surplusOwedCents(surplusSum([...sale, ...payout.legs]))).toBe(0);
        },
      ),
    );
  });

  it('refuses when nothing is owed or the amount is not the whole surplus', () => {
    expect(() => surplusPayoutJournal({ owedCents: 0, amountCents: 100 })).toThrow(
      SURPLUS_PAYOUT_MESSAGES.noneOwed,
    );
    expect(() => surplusPayoutJournal({ owedCents: 376_000, amountCents: 375_999 })).toThrow(
      SURPLUS_PAYOUT_MESSAGES.amountDiffers('$3,760.00'),
    );
    expect(() => surplusPayoutJournal({ owedCents: 376_000, amountCents: 376_001 })).toThrow(
      /record the whole amount/,
    );
  });

  it('reads the owed surplus from the credit balance and refuses one paid out beyond it', () => {
    expect(surplusOwedCents(-376_000)).toBe(376_000);
    expect(surplusOwedCents(0)).toBe(0);
    expect(() => surplusOwedCents(1)).toThrow(/More surplus was paid out/);
  });
});
