import { describe, expect, it } from 'vitest';
import { RATE_TIERS } from './constants/rates.js';
import type { TUsStateCode } from './constants/states.js';
import {
  acceptedDebitJournal,
  assertBalancedJournal,
  balancesOfLegs,
  openingJournals,
  paymentJournal,
  ZERO_BALANCES,
} from './ledger.js';
import {
  accrualDays,
  addDays,
  cycleDate,
  days360,
  deferralPreview,
  maturityRemindersDue,
  maturedCollectionNoticeDue,
  daysPastMaturity,
  afterMaturityTerms,
  payoffQuote,
  periodInterestToDateCents,
  servicingSchedule,
} from './servicing.js';
import { btcOfferAt60k, state } from './test-support/offer.js';

const tier1 = RATE_TIERS[0]!;

describe('days360', () => {
  it.each([
    ['2026-01-15', '2026-02-15', 30],
    ['2026-01-31', '2026-02-28', 28],
    ['2026-01-30', '2026-03-01', 31],
    ['2026-03-01', '2026-03-31', 29],
    ['2026-01-31', '2026-03-31', 60],
    ['2026-12-15', '2027-01-15', 30],
  ])('%s to %s is %i days', (start, end, days) => {
    expect(days360(start, end)).toBe(days);
  });
});

describe('daily accrual', () => {
  it.each([
    ['2026-01-31', 2_020_000, 891],
    ['2026-02-28', 4_060_000, 1150],
    ['2026-05-15', 123_457, 891],
  ])('the days of each period from %s sum to the period interest', (fundedOn, base, rate) => {
    for (let n = 1; n <= 12; n += 1) {
      const period = { start: cycleDate(fundedOn, n - 1), end: cycleDate(fundedOn, n) };
      let posted = 0;
      let previousDays = 0;
      for (let day = period.start; day <= period.end; day = addDays(day, 1)) {
        const days = accrualDays(period, day);
        expect(days).toBeGreaterThanOrEqual(previousDays);
        previousDays = days;
        posted += periodInterestToDateCents(base, rate, days) - posted;
      }
      expect(posted).toBe(periodInterestToDateCents(base, rate, 30));
      expect(previousDays).toBe(30);
    }
  });

  it('rounds a period half-up once: 20,200.00 at 8.91% is 149.99 a month', () => {
    expect(periodInterestToDateCents(2_020_000, 891, 30)).toBe(14_999);
    expect(periodInterestToDateCents(2_020_000, 891, 1)).toBe(500);
  });
});

describe('the schedule equals the Truth in Lending schedule', () => {
  it.each<{ name: string; drawCents: number; state: TUsStateCode }>([
    { name: 'rate 1', drawCents: 2_000_000, state: 'OH' },
    { name: 'rate 2', drawCents: 4_000_000, state: 'OH' },
    { name: 'flat fee (IN $200)', drawCents: 600_000, state: 'IN' },
    { name: 'no fee (KS)', drawCents: 3_000_000, state: 'KS' },
  ])('$name', ({ drawCents, state: code }) => {
    const offer = btcOfferAt60k(drawCents, '1', state(code));
    const schedule = servicingSchedule({
      balanceCents: offer.amountCents,
      interestRateBps: offer.interestRateBps,
      fundedOn: '2026-03-31',
    });
    expect(schedule.map((row) => row.amountCents)).toEqual(
      offer.paymentSchedule.map((row) => row.amountCents),
    );
    expect(schedule.at(-1)?.dueDate).toBe('2027-03-31');
  });
});

describe('payments and deferral', () => {
  const opening = openingJournals({ drawCents: 2_000_000, originationFeeCents: 20_000 });
  const accrued = { account: 'ACCRUED_INTEREST' as const, amountCents: 14_999 };
  const balances = balancesOfLegs([...opening.flatMap((j) => j.legs), accrued]);

  it('applies a payment to interest first, then the fee, then principal', () => {
    const journal = paymentJournal(balances, 40_000);
    expect(journal.legs).toEqual([
      { account: 'CASH', amountCents: 40_000 },
      { account: 'ACCRUED_INTEREST', amountCents: -14_999 },
      { account: 'ORIGINATION_FEE', amountCents: -20_000 },
      { account: 'PRINCIPAL', amountCents: -5_001 },
    ]);
    expect(() => paymentJournal(balances, balances.totalCents + 1)).toThrow();
  });

  it('posts a debit taken like a payment, the excess over the balance owed back', () => {
    expect(acceptedDebitJournal(balances, 40_000)).toEqual(paymentJournal(balances, 40_000));
    const over = acceptedDebitJournal(balances, balances.totalCents + 700, 'PAYOFF');
    assertBalancedJournal(over);
    expect(over.kind).toBe('PAYOFF');
    expect(over.legs[0]).toEqual({ account: 'CASH', amountCents: balances.totalCents + 700 });
    expect(over.legs.at(-1)).toEqual({ account: 'SURPLUS_PAYABLE', amountCents: -700 });
    // Nothing owed any more (a sale paid the loan off meanwhile): all of it is owed back.
    expect(acceptedDebitJournal(ZERO_BALANCES, 500).legs).toEqual([
      { account: 'CASH', amountCents: 500 },
      { account: 'SURPLUS_PAYABLE', amountCents: -500 },
    ]);
    expect(() => acceptedDebitJournal(balances, 0)).toThrow();
    expect(() => acceptedDebitJournal(balances, 1.5)).toThrow();
  });

  it.each([
    { priceCents: 6_000_000, refused: null },
    { priceCents: 2_530_000, refused: 'margin call' },
  ])('deferral at a price of $priceCents cents: $refused', ({ priceCents, refused }) => {
    const preview = deferralPreview({
      isActive: true,
      balances,
      periodAccruedCents: 0,
      periodNumber: 2,
      alreadyDeferredThisPeriod: false,
      coinQuantity: '1',
      priceCents,
      tier: tier1,
    });
    expect(preview.interestCents).toBe(14_999);
    expect(preview.newBalanceCents).toBe(2_034_999);
    if (refused === null) expect(preview.refusedReason).toBeNull();
    else expect(preview.refusedReason).toContain(refused);
  });

  it('quotes a payoff with interest to the day and no penalty, valid to the end of the day', () => {
    const quote = payoffQuote({
      balances,
      period: { start: '2026-04-30', end: '2026-05-30', baseCents: 2_020_000, accruedCents: 0 },
      interestRateBps: 891,
      now: new Date('2026-05-10T15:00:00Z'),
    });
    expect(quote.accruedInterestCents).toBe(14_999 + periodInterestToDateCents(2_020_000, 891, 10));
    expect(quote.amountCents).toBe(
      balances.totalCents + periodInterestToDateCents(2_020_000, 891, 10),
    );
    expect(quote.validUntil.toISOString()).toBe('2026-05-11T00:00:00.000Z');
  });
});

describe('maturity reminders', () => {
  it.each([
    ['2027-01-01', []],
    ['2027-01-02', [30]],
    ['2027-01-18', [30, 14]],
    ['2027-01-29', [30, 14, 3]],
    ['2027-02-01', []],
  ])('on %s: %j', (today, due) => {
    expect(maturityRemindersDue('2027-02-01', today)).toEqual(due);
  });
});

describe('collection notices of a matured, unpaid loan', () => {
  it.each<[string, number | null, number]>([
    ['2027-01-31', null, 0],
    ['2027-02-01', null, 0],
    ['2027-02-02', 1, 1],
    ['2027-02-10', 1, 9],
    ['2027-02-11', 10, 10],
    ['2027-03-02', 10, 29],
    ['2027-03-03', 30, 30],
    ['2027-08-01', 30, 181],
  ])('on %s: notice %s, %i days past maturity', (today, due, past) => {
    expect(maturedCollectionNoticeDue('2027-02-01', today)).toBe(due);
    expect(daysPastMaturity('2027-02-01', today)).toBe(past);
  });
});

describe('afterMaturityTerms', () => {
  it('says interest runs on at the contract rate, with no default rate, and the collateral stays watched', () => {
    const text = afterMaturityTerms('8.910%');
    expect(text).toContain('same fixed rate of 8.910% a year');
    expect(text).toContain('No default rate and no late fee');
    expect(text).toContain('margin calls and liquidation apply');
  });
});
