import type { TInstalmentDue } from './what-is-due.js';

/**
 * The schedule of a loan its renewal replaced (RENEWED), from what was due on it the day it was
 * renewed (whatIsDue on the loan as it stood before the renewal closed it). What payments did stays
 * as it was (paid, deferred); whatever an instalment still owed was carried into the renewal, as
 * were the running period's interest to that day and the principal; the periods that had not begun
 * by then never fell due and are not listed. Nothing is owed on the loan any more.
 */
export function renewedLoanInstalments(input: {
  instalments: readonly TInstalmentDue[];
  /** YYYY-MM-DD: the loan's funding day, when its first period began. */
  fundedOn: string;
  /** YYYY-MM-DD: the day the renewal completed. */
  renewedOn: string;
  /** The interest accrued in each period, the running one up to the renewal day. */
  interestByPeriod: ReadonlyMap<number, number>;
  /** The principal the renewal carried (the interest-bearing balance). */
  principalCents: number;
}): TInstalmentDue[] {
  const rows: TInstalmentDue[] = [];
  let periodStart = input.fundedOn;
  for (const row of input.instalments) {
    const start = periodStart;
    periodStart = row.cycleDate;
    if (start >= input.renewedOn) break;
    const isRunning = input.renewedOn <= row.cycleDate;
    if (isRunning) {
      // The period the renewal ended: its interest to that day and the principal, carried.
      const interestCents = input.interestByPeriod.get(row.number) ?? 0;
      const amountCents = interestCents + input.principalCents;
      const paidCents = Math.min(row.paidCents, interestCents);
      rows.push({
        ...row,
        interestCents,
        principalCents: input.principalCents,
        amountCents,
        paidCents,
        deferredCents: 0,
        unpaidCents: 0,
        status: 'RENEWED',
      });
      break;
    }
    rows.push(
      row.unpaidCents > 0 || row.status === 'UPCOMING'
        ? { ...row, unpaidCents: 0, status: 'RENEWED' }
        : row,
    );
  }
  return rows;
}
