import { describe, expect, it } from 'vitest';
import { renewedLoanInstalments } from './renewed-loan-instalments.js';
import type { TInstalmentDue } from './what-is-due.js';

describe('the schedule of a renewed loan', () => {
  const row = (
    number: number,
    cycleDate: string,
    status: TInstalmentDue['status'],
    unpaidCents: number,
  ): TInstalmentDue => ({
    number,
    cycleDate,
    dueDate: cycleDate,
    interestCents: 15_000,
    principalCents: 0,
    amountCents: 15_000,
    paidCents: 15_000 - unpaidCents,
    deferredCents: 0,
    unpaidCents,
    status,
  });
  // Funded 2026-01-10; renewed 2026-04-20, in the fourth period (Apr 10 – May 10).
  const due = [
    row(1, '2026-02-10', 'PAID', 0),
    row(2, '2026-03-10', 'PAST_DUE', 15_000),
    row(3, '2026-04-10', 'PARTLY_PAID', 5_000),
    row(4, '2026-05-10', 'UPCOMING', 15_000),
    row(5, '2026-06-10', 'UPCOMING', 15_000),
  ];

  it('keeps what was paid, carries what was owed and lists no period after the renewal', () => {
    const rows = renewedLoanInstalments({
      instalments: due,
      fundedOn: '2026-01-10',
      renewedOn: '2026-04-20',
      interestByPeriod: new Map([[4, 5_000]]),
      principalCents: 2_025_000,
    });
    expect(rows.map((item) => [item.number, item.status, item.unpaidCents])).toEqual([
      [1, 'PAID', 0],
      [2, 'RENEWED', 0],
      [3, 'RENEWED', 0],
      [4, 'RENEWED', 0],
    ]);
    // The period the renewal ended: its interest to that day and the principal, carried.
    expect(rows[3]).toMatchObject({
      interestCents: 5_000,
      principalCents: 2_025_000,
      amountCents: 2_030_000,
    });
    // What was paid of a partly paid instalment stays paid.
    expect(rows[2]?.paidCents).toBe(10_000);
  });

  it('ends with the period that ended on the renewal day', () => {
    const rows = renewedLoanInstalments({
      instalments: due,
      fundedOn: '2026-01-10',
      renewedOn: '2026-04-10',
      interestByPeriod: new Map([[3, 15_000]]),
      principalCents: 2_025_000,
    });
    expect(rows.map((item) => item.number)).toEqual([1, 2, 3]);
    expect(rows[2]).toMatchObject({ status: 'RENEWED', principalCents: 2_025_000 });
  });
});
