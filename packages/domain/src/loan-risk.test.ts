import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_TIERS } from './constants/rates.js';
import {
  liquidationPlan,
  MARGIN_CALL_CURE_MS,
  marginCallOutcome,
  isRiskWatched,
  riskBalanceCents,
  riskLevel,
  riskNoticeStep,
  riskPassNotices,
  riskThresholds,
  RISK_LEVELS,
  saleFigures,
  statusAfterRiskPass,
  type TMarginCallOutcome,
  type TRiskLevel,
} from './loan-risk.js';
import { ltvPct } from './ltv.js';
import { Decimal } from './money.js';
import type { TLoanStatusName } from './renewal.js';

const [RATE_1, RATE_2] = RATE_TIERS as [(typeof RATE_TIERS)[0], (typeof RATE_TIERS)[1]];
const TIER_1 = riskThresholds(RATE_1);
const TIER_2 = riskThresholds(RATE_2);

describe('riskThresholds', () => {
  it('gives the spec levels per rate band: 75/76/80/90 and 80/80.75/85/90', () => {
    expect(TIER_1).toEqual({
      warningLtvPct: 75,
      courtesyNoticeLtvPct: 76,
      marginCallLtvPct: 80,
      liquidationLtvPct: 90,
    });
    expect(TIER_2).toEqual({
      warningLtvPct: 80,
      courtesyNoticeLtvPct: 80.75,
      marginCallLtvPct: 85,
      liquidationLtvPct: 90,
    });
  });

  it('moves the liquidation trigger to 85 % with stabilization', () => {
    expect(riskThresholds(RATE_1, { stabilization: true }).liquidationLtvPct).toBe(85);
    expect(riskLevel(85, riskThresholds(RATE_1, { stabilization: true }))).toBe('LIQUIDATION');
    expect(riskLevel(85, TIER_1)).toBe('MARGIN_CALL');
  });
});

describe('riskLevel', () => {
  it.each<[number | string, TRiskLevel]>([
    [50, 'NONE'],
    ['74.99', 'NONE'],
    [75, 'WARNING'],
    ['75.99', 'WARNING'],
    [76, 'COURTESY_NOTICE'],
    ['79.99', 'COURTESY_NOTICE'],
    [80, 'MARGIN_CALL'],
    ['89.99', 'MARGIN_CALL'],
    [90, 'LIQUIDATION'],
    [140, 'LIQUIDATION'],
  ])('tier 1 at %s %% is %s', (ltv, level) => {
    expect(riskLevel(ltv, TIER_1)).toBe(level);
  });

  it('refuses an LTV that is not a number', () => {
    expect(() => riskLevel('abc', TIER_1)).toThrow(
      expect.objectContaining({ code: 'INVALID_LTV' }) as Error,
    );
  });
});

describe('riskNoticeStep', () => {
  it('sends each threshold once on the way up, lowest first', () => {
    let notified: TRiskLevel = 'NONE';
    const sent: string[] = [];
    for (const ltv of [70, 75.5, 75.6, 77, 79, 81]) {
      const step = riskNoticeStep(ltv, TIER_1, notified);
      sent.push(...step.notices);
      notified = step.notifiedLevel;
    }
    expect(sent).toEqual(['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL']);
  });

  it('sends every level jumped over in one pass', () => {
    expect(riskNoticeStep(92, TIER_1, 'NONE').notices).toEqual([
      'WARNING',
      'COURTESY_NOTICE',
      'MARGIN_CALL',
      'LIQUIDATION',
    ]);
    expect(riskNoticeStep(81, TIER_1, 'WARNING').notices).toEqual([
      'COURTESY_NOTICE',
      'MARGIN_CALL',
    ]);
  });

  it('sends nothing new while the price hovers on a threshold', () => {
    let notified: TRiskLevel = 'NONE';
    let count = 0;
    for (const ltv of [75.01, 74.9, 75.2, 74.5, 75.0, 74.01, 75.3]) {
      const step = riskNoticeStep(ltv, TIER_1, notified);
      count += step.notices.length;
      notified = step.notifiedLevel;
    }
    expect(count).toBe(1);
  });

  it('re-arms once the LTV is clearly below a threshold, and notifies a later rise again', () => {
    const up = riskNoticeStep(80.5, TIER_1, 'NONE');
    const down = riskNoticeStep(70, TIER_1, up.notifiedLevel);
    expect(down).toEqual({ level: 'NONE', notices: [], notifiedLevel: 'NONE' });
    expect(riskNoticeStep(80.5, TIER_1, down.notifiedLevel).notices).toEqual([
      'WARNING',
      'COURTESY_NOTICE',
      'MARGIN_CALL',
    ]);
    // Down just under the margin call only: the lower notices stay sent.
    expect(riskNoticeStep(78.9, TIER_1, 'MARGIN_CALL')).toEqual({
      level: 'COURTESY_NOTICE',
      notices: [],
      notifiedLevel: 'COURTESY_NOTICE',
    });
  });

  it('never sends a level twice without falling below it in between (any price path)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 40, max: 120, noNaN: true }), { maxLength: 60 }),
        (path) => {
          let notified: TRiskLevel = 'NONE';
          const lastSent = new Map<TRiskLevel, number>();
          path.forEach((ltv, index) => {
            const step = riskNoticeStep(ltv, TIER_2, notified);
            for (const notice of step.notices) {
              const previous = lastSent.get(notice);
              if (previous !== undefined) {
                // Between two notices of a level, the LTV went clearly below its threshold.
                const threshold = {
                  WARNING: TIER_2.warningLtvPct,
                  COURTESY_NOTICE: TIER_2.courtesyNoticeLtvPct,
                  MARGIN_CALL: TIER_2.marginCallLtvPct,
                  LIQUIDATION: TIER_2.liquidationLtvPct,
                }[notice];
                expect(
                  path.slice(previous + 1, index).some((value) => value <= threshold - 1),
                ).toBe(true);
              }
              lastSent.set(notice, index);
            }
            // Every level reached has been notified.
            expect(RISK_LEVELS.indexOf(step.notifiedLevel)).toBeGreaterThanOrEqual(
              RISK_LEVELS.indexOf(step.level),
            );
            notified = step.notifiedLevel;
          });
        },
      ),
    );
  });
});

describe('marginCallOutcome', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('opens a margin call with a 48-hour cure deadline', () => {
    expect(marginCallOutcome({ ltv: 81, thresholds: TIER_1, openCureDeadline: null, now })).toEqual(
      { kind: 'OPEN', cureDeadline: new Date(now.getTime() + MARGIN_CALL_CURE_MS) },
    );
    expect(MARGIN_CALL_CURE_MS).toBe(48 * 3_600_000);
  });

  it('keeps the first deadline, cures below the margin-call level, liquidates after the deadline', () => {
    const deadline = new Date(now.getTime() + 1000);
    expect(
      marginCallOutcome({ ltv: 82, thresholds: TIER_1, openCureDeadline: deadline, now }),
    ).toEqual({ kind: 'OPEN', cureDeadline: deadline });
    expect(
      marginCallOutcome({ ltv: '79.99', thresholds: TIER_1, openCureDeadline: deadline, now }),
    ).toEqual({ kind: 'CURED' });
    expect(marginCallOutcome({ ltv: 82, thresholds: TIER_1, openCureDeadline: now, now })).toEqual({
      kind: 'LIQUIDATE',
      reason: 'CURE_DEADLINE_PASSED',
    });
  });

  it('liquidates at the liquidation LTV whether or not a margin call is open', () => {
    expect(marginCallOutcome({ ltv: 90, thresholds: TIER_1, openCureDeadline: null, now })).toEqual(
      { kind: 'LIQUIDATE', reason: 'LIQUIDATION_LTV' },
    );
  });

  it('does nothing below the margin-call level without an open call', () => {
    expect(marginCallOutcome({ ltv: 79, thresholds: TIER_1, openCureDeadline: null, now })).toEqual(
      { kind: 'NONE' },
    );
  });
});

describe('liquidationPlan', () => {
  it('sells just enough to bring a 90 % loan back to its 50 % tier, with the 2 % fee', () => {
    // $10,000 owed on 1 BTC at $11,111.12: LTV 90 %.
    const plan = liquidationPlan({
      balanceCents: 1_000_000,
      coinQuantity: '1',
      priceCents: 1_111_112,
      targetLtvPct: 50,
    });
    expect(plan.feeCents).toBe(Math.round(plan.proceedsCents * 0.02));
    expect(plan.appliedCents).toBe(plan.proceedsCents - plan.feeCents);
    expect(plan.surplusCents).toBe(0);
    expect(Number(plan.ltvAfterPct)).toBeLessThanOrEqual(50);
    expect(Number(plan.ltvAfterPct)).toBeGreaterThan(49.99);
    expect(new Decimal(plan.coinQuantitySold).plus(plan.coinQuantityRemaining).toFixed(8)).toBe(
      '1.00000000',
    );
  });

  it('sells everything when the collateral cannot restore the loan, returning any surplus', () => {
    const plan = liquidationPlan({
      balanceCents: 1_000_000,
      coinQuantity: '0.5',
      priceCents: 2_000_000,
      targetLtvPct: 50,
    });
    expect(plan.coinQuantitySold).toBe('0.50000000');
    expect(plan.coinQuantityRemaining).toBe('0.00000000');
    expect(plan.ltvAfterPct).toBeNull();
    expect(plan.proceedsCents).toBe(1_000_000);
    expect(plan.feeCents).toBe(20_000);
    expect(plan.appliedCents).toBe(980_000);
  });

  it('meets the target when the cents of a sale that leaves dust round against it', () => {
    // The exact solution leaves 9 satoshis (1.8 cents) and, the proceeds and the fee rounded, a
    // cent owed on them: 55.56 %. The plan sells on until the target is met (here: everything).
    const plan = liquidationPlan({
      balanceCents: 100_000,
      coinQuantity: '0.00510209',
      priceCents: 19_999_981,
      targetLtvPct: 50,
    });
    expect(plan.coinQuantitySold).toBe('0.00510209');
    expect(plan.ltvAfterPct).toBeNull();
    expect(plan.appliedCents).toBe(100_000);
    expect(plan.surplusCents).toBe(1);
  });

  it('never sells more than needed (any loan, price and tier)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 100_000_000 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 1_000_00, max: 20_000_000 }),
        fc.constantFrom(50, 75),
        (balanceCents, satoshis, priceCents, targetLtvPct) => {
          const coinQuantity = new Decimal(satoshis).div(100_000_000).toFixed(8);
          const plan = liquidationPlan({ balanceCents, coinQuantity, priceCents, targetLtvPct });
          expect(plan.appliedCents + plan.surplusCents).toBe(plan.proceedsCents - plan.feeCents);
          if (plan.ltvAfterPct !== null && plan.coinQuantitySold !== '0.00000000') {
            // The target is met after the sale's cents are rounded...
            const held = new Decimal(coinQuantity);
            const sold = new Decimal(plan.coinQuantitySold);
            const owedAfter = balanceCents - plan.appliedCents;
            expect(ltvPct(owedAfter, held.minus(sold), priceCents).lte(targetLtvPct)).toBe(true);
            // ...and one step of the collateral precision less would not meet it: not exactly
            // (less than the exact solution), or not once the sale's cents are rounded.
            const less = sold.minus('0.000001');
            const exactOwed = new Decimal(balanceCents).minus(less.times(priceCents).times('0.98'));
            const exactLtv = exactOwed.times(100).div(held.minus(less).times(priceCents));
            const lessFigures = saleFigures({
              balanceCents,
              coinQuantityHeld: held,
              coinQuantitySold: less,
              priceCents,
            });
            const roundedLtv = ltvPct(lessFigures.balanceAfterCents, held.minus(less), priceCents);
            expect(exactLtv.gt(targetLtvPct) || roundedLtv.gt(targetLtvPct)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('riskBalanceCents: money in flight is not money received', () => {
  it('adds back what pending debits took off the interest-bearing accounts', () => {
    // A $5,000 debit pending: $150.36 went to accrued interest, $4,849.64 to principal.
    const legs = [
      { account: 'CASH', amountCents: 500_000 },
      { account: 'ACCRUED_INTEREST', amountCents: -15_036 },
      { account: 'PRINCIPAL', amountCents: -484_964 },
    ] as const;
    expect(riskBalanceCents({ interestBearingCents: 1_535_036, pendingDebitLegs: [...legs] })).toBe(
      1_535_036 + 484_964,
    );
  });

  it('counts the fee and deferred interest a debit paid, and is the ledger balance without one', () => {
    expect(
      riskBalanceCents({
        interestBearingCents: 1_000_000,
        pendingDebitLegs: [
          { account: 'ORIGINATION_FEE', amountCents: -20_000 },
          { account: 'DEFERRED_INTEREST', amountCents: -3_000 },
          { account: 'CASH', amountCents: 23_000 },
        ],
      }),
    ).toBe(1_023_000);
    expect(riskBalanceCents({ interestBearingCents: 1_000_000, pendingDebitLegs: [] })).toBe(
      1_000_000,
    );
  });

  it('never answers below zero', () => {
    expect(riskBalanceCents({ interestBearingCents: -5, pendingDebitLegs: [] })).toBe(0);
  });
});

describe('riskPassNotices', () => {
  const DEADLINE = new Date('2026-03-03T10:00:00.000Z');
  const outcomes: Record<TMarginCallOutcome['kind'], TMarginCallOutcome> = {
    NONE: { kind: 'NONE' },
    OPEN: { kind: 'OPEN', cureDeadline: DEADLINE },
    CURED: { kind: 'CURED' },
    LIQUIDATE: { kind: 'LIQUIDATE', reason: 'LIQUIDATION_LTV' },
  };

  it('sends the liquidation notice alone when the pass liquidates, never the warnings it jumped', () => {
    const step = riskNoticeStep(95, TIER_1, 'NONE');
    expect(step.notices).toEqual(['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL', 'LIQUIDATION']);
    expect(
      riskPassNotices({ step, outcome: outcomes.LIQUIDATE, wasMarginCallOpen: false }),
    ).toEqual(['LIQUIDATION']);
    // A cure deadline that passed: the loan was told of the margin call; the liquidation follows.
    const late = riskNoticeStep(84, TIER_1, 'MARGIN_CALL');
    expect(
      riskPassNotices({
        step: late,
        outcome: { kind: 'LIQUIDATE', reason: 'CURE_DEADLINE_PASSED' },
        wasMarginCallOpen: true,
      }),
    ).toEqual(['LIQUIDATION']);
  });

  it.each<[string, number, TRiskLevel, TMarginCallOutcome['kind'], boolean, string[]]>([
    [
      'a jump into a margin call',
      82,
      'NONE',
      'OPEN',
      false,
      ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL'],
    ],
    ['a margin call open again after a cure', 81, 'MARGIN_CALL', 'OPEN', false, ['MARGIN_CALL']],
    ['a margin call still running', 81, 'MARGIN_CALL', 'OPEN', true, []],
    ['a cure', 70, 'MARGIN_CALL', 'CURED', true, ['CURED']],
    ['a warning', 75.5, 'NONE', 'NONE', false, ['WARNING']],
  ])('%s', (_name, ltv, notified, kind, wasOpen, expected) => {
    const step = riskNoticeStep(ltv, TIER_1, notified);
    expect(riskPassNotices({ step, outcome: outcomes[kind], wasMarginCallOpen: wasOpen })).toEqual(
      expected,
    );
  });
});

describe('statusAfterRiskPass', () => {
  it.each<[TLoanStatusName, TMarginCallOutcome['kind'], TLoanStatusName]>([
    ['ACTIVE', 'OPEN', 'MARGIN_CALL'],
    ['MARGIN_CALL', 'OPEN', 'MARGIN_CALL'],
    ['MARGIN_CALL', 'CURED', 'ACTIVE'],
    ['MARGIN_CALL', 'NONE', 'ACTIVE'],
    ['ACTIVE', 'LIQUIDATE', 'ACTIVE'],
    ['MARGIN_CALL', 'LIQUIDATE', 'MARGIN_CALL'],
    // A matured loan stays matured: its margin call is its cure deadline.
    ['MATURED', 'OPEN', 'MATURED'],
    ['MATURED', 'CURED', 'MATURED'],
    ['MATURED', 'LIQUIDATE', 'MATURED'],
  ])('%s with %s is %s', (status, kind, expected) => {
    const outcome: TMarginCallOutcome =
      kind === 'OPEN'
        ? { kind, cureDeadline: new Date(0) }
        : kind === 'LIQUIDATE'
          ? { kind, reason: 'LIQUIDATION_LTV' }
          : { kind };
    expect(statusAfterRiskPass(status, outcome)).toBe(expected);
  });

  it('watches matured loans as it watches active ones, and no closed loan', () => {
    expect(
      ['ACTIVE', 'MARGIN_CALL', 'MATURED'].every((s) => isRiskWatched(s as TLoanStatusName)),
    ).toBe(true);
    expect(
      ['LIQUIDATED', 'PAID_OFF', 'RENEWED'].some((s) => isRiskWatched(s as TLoanStatusName)),
    ).toBe(false);
  });
});

describe('the cure deadline is fixed when the margin call opens', () => {
  it('keeps the deadline through every pass of the call, however the LTV moves within it', () => {
    const opened = new Date('2026-03-01T10:00:00.000Z');
    const first = marginCallOutcome({
      ltv: 82,
      thresholds: TIER_1,
      openCureDeadline: null,
      now: opened,
    });
    expect(first).toEqual({
      kind: 'OPEN',
      cureDeadline: new Date(opened.getTime() + 48 * 3_600_000),
    });
    const deadline = first.kind === 'OPEN' ? first.cureDeadline : null;
    for (const [hours, ltv] of [
      [1, 81],
      [20, 86],
      [47.9, 80],
    ] as const) {
      const later = new Date(opened.getTime() + hours * 3_600_000);
      expect(
        marginCallOutcome({ ltv, thresholds: TIER_1, openCureDeadline: deadline, now: later }),
      ).toEqual({ kind: 'OPEN', cureDeadline: deadline });
    }
  });
});
