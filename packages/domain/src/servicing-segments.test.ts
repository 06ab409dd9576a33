/**
 * Interest on the day's balance (issue 33): a period cut into segments at every change of the
 * interest-bearing balance, each segment's interest rounded once half-up, the period's the sum.
 * The expected figures are worked by hand (base × rate × days ÷ 360, half-up to the cent).
 */
import { describe, expect, it } from 'vitest';
import {
  accrualPeriodOf,
  addDays,
  closeSegment,
  interestToDateCents,
  payoffQuote,
  periodInterestToDateCents,
  projectedPeriodInterestCents,
  type TAccrualPeriod,
} from './servicing.js';
import { balancesOfLegs, openingJournals } from './ledger.js';

const JAN = { start: '2026-01-15', end: '2026-02-15' };

/** The period after balance changes `[day, new base]`, each closed as the ledger's trigger does. */
function periodAfter(
  baseCents: number,
  rateBps: number,
  changes: readonly (readonly [string, number])[],
): TAccrualPeriod {
  let period: TAccrualPeriod = { ...JAN, baseCents, accruedCents: 0, segment: null };
  for (const [day, newBaseCents] of changes) {
    const segment = closeSegment(period, rateBps, { day, accruedThrough: day, newBaseCents });
    period = { ...period, segment };
  }
  return period;
}

describe('the period interest on the day balance', () => {
  it.each([
    // No change: one segment, the disclosed monthly interest.
    ['no change', 2_020_000, 891, [], 14_999],
    // 10 days on $20,200 (4,999.5 → 5,000) and 20 on $10,000 (4,950).
    ['halved on day 10', 2_020_000, 891, [['2026-01-25', 1_000_000]], 9_950],
    // The finding's loan: 5 days on $42,630 at 11.49 % ($68.03) + 25 on $7,057.40 ($56.31).
    ['liquidated on day 5', 4_263_000, 1149, [['2026-01-20', 705_740]], 12_434],
    // A $500 prepayment on day 12 of $20,000 at 10 %: 18 days × $500 × 10 % ÷ 360 = $2.50 less.
    ['$500 prepaid on day 12', 2_000_000, 1000, [['2026-01-27', 1_950_000]], 16_417],
    // Two changes the same day: the second closes an empty segment.
    [
      'two changes on day 12',
      2_000_000,
      1000,
      [
        ['2026-01-27', 1_980_000],
        ['2026-01-27', 1_950_000],
      ],
      16_417,
    ],
    // A deferral capitalised on day 0 raises the balance for the whole period.
    ['raised on the first day', 2_000_000, 1000, [['2026-01-15', 2_012_345]], 16_770],
    // After the cycle date the change is kept for the next period: this one is whole.
    ['changed after the cycle date', 2_000_000, 1000, [['2026-02-20', 1_000_000]], 16_667],
  ] as const)('%s', (_name, base, rate, changes, expected) => {
    const period = periodAfter(base, rate, changes);
    expect(projectedPeriodInterestCents(period, rate)).toBe(expected);
    expect(interestToDateCents(period, rate, JAN.end)).toBe(expected);
  });

  it('the days of a period sum to its interest, with the day accrual dropping after a change', () => {
    const rate = 1149;
    let period: TAccrualPeriod = { ...JAN, baseCents: 4_263_000, accruedCents: 0, segment: null };
    const daily: number[] = [];
    for (let day = addDays(JAN.start, 1); day <= JAN.end; day = addDays(day, 1)) {
      const toDate = interestToDateCents(period, rate, day);
      daily.push(toDate - period.accruedCents);
      period = { ...period, accruedCents: toDate };
      if (day === '2026-01-20') {
        period = {
          ...period,
          segment: closeSegment(period, rate, { day, accruedThrough: day, newBaseCents: 705_740 }),
        };
      }
    }
    expect(period.accruedCents).toBe(12_434);
    // $13.61 a day on $42,630, then $2.25 (or $2.26 as the rounding of the segment carries; none
    // on January 31st, which 30/360 does not count).
    expect(daily.slice(0, 5)).toEqual([1361, 1360, 1361, 1360, 1361]);
    for (const cents of daily.slice(5)) expect([0, 225, 226]).toContain(cents);
    expect(daily.filter((cents) => cents > 0 && cents < 1000)).toHaveLength(25);
  });

  it('takes a change dated back from the day already accrued, and never before the segment', () => {
    const period: TAccrualPeriod = { ...JAN, baseCents: 2_000_000, accruedCents: 0 };
    const segment = closeSegment(period, 1000, {
      day: '2026-01-20',
      accruedThrough: '2026-01-25',
      newBaseCents: 1_000_000,
    });
    expect(segment).toEqual({
      start: '2026-01-25',
      baseCents: 1_000_000,
      accruedCents: periodInterestToDateCents(2_000_000, 1000, 10),
    });
    const again = closeSegment({ ...period, segment }, 1000, {
      day: '2026-01-16',
      accruedThrough: '2026-01-16',
      newBaseCents: 900_000,
    });
    expect(again).toEqual({ ...segment, baseCents: 900_000 });
  });

  it('charges a reversed payment as if it had not been made, within the period', () => {
    // $5,000 paid on day 5 ($20,000 → $15,000) and returned on day 8.
    const paid = periodAfter(2_000_000, 1000, [['2026-01-20', 1_500_000]]);
    const segment = closeSegment(paid, 1000, {
      day: '2026-01-23',
      accruedThrough: '2026-01-23',
      newBaseCents: 2_000_000,
      restored: { from: '2026-01-20', cents: 500_000 },
    });
    const period = { ...paid, segment };
    // 5 days on $20,000 ($27.78) + 3 on $15,000 ($12.50) + 3 on the $5,000 returned ($4.17) +
    // 22 on $20,000 ($122.22): the whole month's $166.67 within the cent of four roundings.
    expect(segment.accruedCents).toBe(2_778 + 1_250 + 417);
    expect(projectedPeriodInterestCents(period, 1000)).toBe(2_778 + 1_250 + 417 + 12_222);
    // A payment of an earlier period restores from this period's start only.
    const late = closeSegment(paid, 1000, {
      day: '2026-01-23',
      accruedThrough: '2026-01-23',
      newBaseCents: 2_000_000,
      restored: { from: '2025-12-20', cents: 500_000 },
    });
    expect(late.accruedCents).toBe(2_778 + 1_250 + 1_111);
  });

  it('reads the row segment only when it belongs to the running period', () => {
    const row = {
      periodNumber: 2,
      periodStart: '2026-02-15',
      periodEnd: '2026-03-15',
      periodBaseCents: 2_000_000,
      periodAccruedCents: 100,
      segmentPeriodNumber: 2,
      segmentStart: '2026-02-20',
      segmentBaseCents: 1_000_000,
      segmentAccruedCents: 2_778,
    };
    expect(accrualPeriodOf(row).segment).toEqual({
      start: '2026-02-20',
      baseCents: 1_000_000,
      accruedCents: 2_778,
    });
    // Rolled over by a release before segments, or written by one: the period's own segment.
    expect(accrualPeriodOf({ ...row, segmentPeriodNumber: 1 }).segment).toBeNull();
    expect(
      accrualPeriodOf({
        ...row,
        segmentPeriodNumber: null,
        segmentStart: null,
        segmentBaseCents: null,
        segmentAccruedCents: null,
      }).segment,
    ).toBeNull();
    expect(
      projectedPeriodInterestCents(accrualPeriodOf({ ...row, segmentPeriodNumber: 1 }), 1000),
    ).toBe(16_667);
  });

  it('quotes a payoff on the day balance', () => {
    const balances = balancesOfLegs(
      openingJournals({ drawCents: 1_950_000, originationFeeCents: 0 }).flatMap((j) => j.legs),
    );
    const period = periodAfter(2_000_000, 1000, [['2026-01-27', 1_950_000]]);
    const quote = payoffQuote({
      balances,
      period,
      interestRateBps: 1000,
      now: new Date('2026-02-05T12:00:00Z'),
    });
    // 12 days on $20,000 ($66.67) + 8 days on $19,500 ($43.33).
    expect(quote.accruedInterestCents).toBe(6_667 + 4_333);
    expect(quote.amountCents).toBe(1_950_000 + 11_000);
  });
});
