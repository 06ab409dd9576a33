import { describe, expect, it } from 'vitest';
import { whatIsDue, type TInstalmentTerms, type TWhatIsDueInput } from './what-is-due.js';

/**
 * A $20,000 loan funded on 2025-01-15: each month's interest $150.36, the last instalment with the
 * $20,000 balance. Cycle dates the 15th of each month, due dates 14 days later (the 29th), the last
 * due at maturity, 2026-01-15. Every figure below is written by hand.
 */
const INTEREST = 15_036;
const PRINCIPAL = 2_000_000;
const MATURITY = '2026-01-15';

/** Cycle and due dates by hand: Feb 15 + 14 days is Mar 1 (2025 is no leap year). */
const DATES: readonly (readonly [string, string])[] = [
  ['2025-02-15', '2025-03-01'],
  ['2025-03-15', '2025-03-29'],
  ['2025-04-15', '2025-04-29'],
  ['2025-05-15', '2025-05-29'],
  ['2025-06-15', '2025-06-29'],
  ['2025-07-15', '2025-07-29'],
  ['2025-08-15', '2025-08-29'],
  ['2025-09-15', '2025-09-29'],
  ['2025-10-15', '2025-10-29'],
  ['2025-11-15', '2025-11-29'],
  ['2025-12-15', '2025-12-29'],
  ['2026-01-15', '2026-01-15'],
];

function instalments(): TInstalmentTerms[] {
  return DATES.map(([cycleDate, dueDate], index) => ({
    number: index + 1,
    cycleDate,
    dueDate,
    interestCents: INTEREST,
    principalCents: index === 11 ? PRINCIPAL : 0,
  }));
}

function input(overrides: Partial<TWhatIsDueInput>): TWhatIsDueInput {
  return {
    asOf: '2025-02-01',
    isOpen: true,
    maturityDate: MATURITY,
    instalments: instalments(),
    billedCount: 0,
    deferrals: [],
    unpaidBilledInterestCents: 0,
    runningPaidInterestCents: 0,
    maturityAmountCents: PRINCIPAL + INTEREST,
    ...overrides,
  };
}

const statuses = (due: ReturnType<typeof whatIsDue>) => due.instalments.map((row) => row.status);

describe('whatIsDue', () => {
  it('a new loan: every instalment upcoming, the first one next', () => {
    const due = whatIsDue(input({}));
    expect(statuses(due)).toEqual(Array(12).fill('UPCOMING'));
    expect(due).toMatchObject({
      nextDueDate: '2025-03-01',
      nextInstalmentCents: 15_036,
      pastDueCents: 0,
      pastDueSince: null,
      daysPastDue: 0,
      amountDueCents: 15_036,
      isMatured: false,
    });
  });

  it('a billed instalment before its due date is due; paid in full it is paid', () => {
    const billed = whatIsDue(
      input({ asOf: '2025-02-20', billedCount: 1, unpaidBilledInterestCents: 15_036 }),
    );
    expect(statuses(billed).slice(0, 2)).toEqual(['DUE', 'UPCOMING']);
    expect(billed.nextDueDate).toBe('2025-03-01');
    expect(billed.amountDueCents).toBe(15_036);
    expect(billed.instalments[0]).toMatchObject({ paidCents: 0, unpaidCents: 15_036 });

    const paid = whatIsDue(input({ asOf: '2025-02-20', billedCount: 1 }));
    expect(statuses(paid).slice(0, 2)).toEqual(['PAID', 'UPCOMING']);
    expect(paid.instalments[0]).toMatchObject({ paidCents: 15_036, unpaidCents: 0 });
    expect(paid).toMatchObject({ nextDueDate: '2025-03-29', amountDueCents: 15_036 });
  });

  it('a part payment before the due date: partly paid, the rest next; after it: past due', () => {
    const before = whatIsDue(
      input({ asOf: '2025-02-20', billedCount: 1, unpaidBilledInterestCents: 5_036 }),
    );
    expect(before.instalments[0]).toMatchObject({
      status: 'PARTLY_PAID',
      paidCents: 10_000,
      unpaidCents: 5_036,
    });
    expect(before).toMatchObject({ nextDueDate: '2025-03-01', amountDueCents: 5_036 });

    // On its due date it is still due; the day after, 1 day past due.
    const onTheDay = whatIsDue(
      input({ asOf: '2025-03-01', billedCount: 1, unpaidBilledInterestCents: 5_036 }),
    );
    expect(onTheDay.instalments[0]?.status).toBe('PARTLY_PAID');
    const after = whatIsDue(
      input({ asOf: '2025-03-02', billedCount: 1, unpaidBilledInterestCents: 5_036 }),
    );
    expect(after.instalments[0]?.status).toBe('PAST_DUE');
    expect(after).toMatchObject({
      pastDueCents: 5_036,
      pastDueSince: '2025-03-01',
      daysPastDue: 1,
      nextDueDate: '2025-03-29',
      nextInstalmentCents: 15_036,
      amountDueCents: 20_072,
    });
  });

  it('a missed instalment stays past due with its own date through the next statement', () => {
    // Statement 2 is out (2025-03-15), nothing was paid: $300.72 billed, $150.36 of it past due
    // since 2025-03-01, the other $150.36 due 2025-03-29.
    const due = whatIsDue(
      input({
        asOf: '2025-03-16',
        billedCount: 2,
        unpaidBilledInterestCents: 30_072,
      }),
    );
    expect(statuses(due).slice(0, 3)).toEqual(['PAST_DUE', 'DUE', 'UPCOMING']);
    expect(due).toMatchObject({
      pastDueCents: 15_036,
      pastDueSince: '2025-03-01',
      daysPastDue: 15,
      nextDueDate: '2025-03-29',
      nextInstalmentCents: 15_036,
      amountDueCents: 30_072,
    });
  });

  it('a payment pays the oldest instalment first', () => {
    // $200.00 paid of $300.72: instalment 1 paid, $49.64 of instalment 2, $100.72 left on it.
    const due = whatIsDue(
      input({ asOf: '2025-03-20', billedCount: 2, unpaidBilledInterestCents: 10_072 }),
    );
    expect(due.instalments[0]).toMatchObject({ status: 'PAID', unpaidCents: 0 });
    expect(due.instalments[1]).toMatchObject({
      status: 'PARTLY_PAID',
      paidCents: 4_964,
      unpaidCents: 10_072,
    });
    expect(due).toMatchObject({ pastDueCents: 0, daysPastDue: 0, amountDueCents: 10_072 });
  });

  it('a deferred instalment is deferred, not paid, and the month it was deferred in is upcoming', () => {
    // Statement 1 billed $150.36; deferred in period 2 (after instalment 1).
    const due = whatIsDue(
      input({
        asOf: '2025-02-20',
        billedCount: 1,
        deferrals: [{ interestCents: 15_036, afterInstalment: 1 }],
      }),
    );
    expect(statuses(due).slice(0, 3)).toEqual(['DEFERRED', 'UPCOMING', 'UPCOMING']);
    expect(due.instalments[0]).toMatchObject({ deferredCents: 15_036, paidCents: 0 });
    expect(due).toMatchObject({ nextDueDate: '2025-03-29', nextInstalmentCents: 15_036 });
  });

  it('a deferral of arrears covers both instalments it capitalised; a later one is paid', () => {
    // Instalments 1 and 2 unpaid, deferred together in period 3 ($300.72); instalment 3 paid.
    const due = whatIsDue(
      input({
        asOf: '2025-04-20',
        billedCount: 3,
        deferrals: [{ interestCents: 30_072, afterInstalment: 2 }],
      }),
    );
    expect(statuses(due).slice(0, 4)).toEqual(['DEFERRED', 'DEFERRED', 'PAID', 'UPCOMING']);
  });

  it('interest of the running month paid ahead lowers the next payment', () => {
    const due = whatIsDue(
      input({ asOf: '2025-03-01', billedCount: 1, runningPaidInterestCents: 5_000 }),
    );
    expect(due.instalments[1]).toMatchObject({
      status: 'UPCOMING',
      paidCents: 5_000,
      unpaidCents: 10_036,
    });
    expect(due).toMatchObject({ nextDueDate: '2025-03-29', amountDueCents: 10_036 });
  });

  it('at maturity the whole balance is due, and the day after it is past due', () => {
    // All interest paid but the last month's: $20,000 + $150.36 = $20,150.36 asked at maturity.
    const onTheDay = whatIsDue(
      input({
        asOf: MATURITY,
        billedCount: 12,
        unpaidBilledInterestCents: 15_036,
        maturityAmountCents: 2_015_036,
      }),
    );
    expect(onTheDay.instalments[11]).toMatchObject({ status: 'DUE', unpaidCents: 2_015_036 });
    expect(onTheDay).toMatchObject({
      nextDueDate: MATURITY,
      amountDueCents: 2_015_036,
      pastDueCents: 0,
      isMatured: true,
    });

    const after = whatIsDue(
      input({
        asOf: '2026-01-20',
        billedCount: 12,
        unpaidBilledInterestCents: 15_036,
        maturityAmountCents: 2_015_036,
      }),
    );
    expect(after.instalments[11]?.status).toBe('PAST_DUE');
    expect(after).toMatchObject({
      nextDueDate: MATURITY,
      nextInstalmentCents: 0,
      pastDueCents: 2_015_036,
      pastDueSince: MATURITY,
      daysPastDue: 5,
      amountDueCents: 2_015_036,
    });
  });

  it('a matured loan with an earlier missed month: both past due, each from its own date', () => {
    // Instalment 11 ($150.36, due 2025-12-29) unpaid too: $20,300.72 owed in all.
    const due = whatIsDue(
      input({
        asOf: '2026-01-16',
        billedCount: 12,
        unpaidBilledInterestCents: 30_072,
        maturityAmountCents: 2_030_072,
      }),
    );
    expect(due.instalments[10]).toMatchObject({ status: 'PAST_DUE', unpaidCents: 15_036 });
    expect(due.instalments[11]).toMatchObject({ status: 'PAST_DUE', unpaidCents: 2_015_036 });
    expect(due).toMatchObject({
      pastDueCents: 2_030_072,
      pastDueSince: '2025-12-29',
      daysPastDue: 18,
      amountDueCents: 2_030_072,
    });
  });

  it('from maturity the whole balance is asked even before the last statement is out', () => {
    const due = whatIsDue(
      input({ asOf: MATURITY, billedCount: 11, maturityAmountCents: 2_015_036 }),
    );
    expect(due.instalments[11]).toMatchObject({ status: 'DUE', unpaidCents: 2_015_036 });
    expect(due.amountDueCents).toBe(2_015_036);
  });

  it('a closed loan asks nothing', () => {
    const due = whatIsDue(
      input({ asOf: '2025-05-01', isOpen: false, billedCount: 3, maturityAmountCents: 0 }),
    );
    expect(statuses(due)).toEqual(Array(12).fill('PAID'));
    expect(due).toMatchObject({ nextDueDate: null, amountDueCents: 0, pastDueCents: 0 });
  });
});
