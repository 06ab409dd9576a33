import { describe, expect, it } from 'vitest';
import {
  daysWords,
  nextPaymentWords,
  pastDueWords,
  scheduleStatusWords,
  statementDueWords,
} from './due-words.js';

const ARREARS = {
  dueDate: '2025-03-24',
  amountCents: 28_617,
  pastDueCents: 15_036,
  pastDueSince: '2025-02-24',
  daysPastDue: 15,
};

describe('what is due, in words', () => {
  it('says the next payment and what of it is past due, since when and how long', () => {
    expect(nextPaymentWords(ARREARS)).toBe('$286.17 due Mar 24, 2025');
    expect(pastDueWords(ARREARS)).toBe('$150.36 since Feb 24, 2025 (15 days)');
    expect(pastDueWords({ ...ARREARS, daysPastDue: 1 })).toBe('$150.36 since Feb 24, 2025 (1 day)');
    expect(
      pastDueWords({ ...ARREARS, pastDueCents: 0, pastDueSince: null, daysPastDue: 0 }),
    ).toBeNull();
    expect(daysWords(30)).toBe('30 days');
  });

  it.each([
    [{ status: 'PAID', amountCents: 15_036, unpaidCents: 0 }, 'Paid'],
    [{ status: 'DEFERRED', amountCents: 15_036, unpaidCents: 0 }, 'Deferred'],
    [{ status: 'DUE', amountCents: 15_036, unpaidCents: 15_036 }, 'Due'],
    [
      { status: 'PARTLY_PAID', amountCents: 15_036, unpaidCents: 5_036 },
      'Partly paid: $50.36 left',
    ],
    [{ status: 'PAST_DUE', amountCents: 15_036, unpaidCents: 15_036 }, 'Past due'],
    [{ status: 'PAST_DUE', amountCents: 15_036, unpaidCents: 5_036 }, 'Past due: $50.36 left'],
    [{ status: 'UPCOMING', amountCents: 13_581, unpaidCents: 13_581 }, 'Upcoming'],
    // A loan its renewal replaced: what an instalment owed went into the renewal.
    [{ status: 'RENEWED', amountCents: 15_036, unpaidCents: 0 }, 'Carried into the renewal'],
  ] as const)('a schedule row %o reads "%s"', (row, words) => {
    expect(scheduleStatusWords(row)).toBe(words);
  });

  it('keeps a statement’s arrears on their own date', () => {
    expect(
      statementDueWords({
        amountDueCents: 15_036,
        dueDate: '2025-02-24',
        pastDueCents: 0,
        pastDueSince: null,
      }),
    ).toBe('$150.36 due on Feb 24, 2025');
    expect(
      statementDueWords({
        amountDueCents: 28_617,
        dueDate: '2025-03-24',
        pastDueCents: 15_036,
        pastDueSince: '2025-02-24',
      }),
    ).toBe('$286.17 due: $150.36 past due since Feb 24, 2025 and $135.81 on Mar 24, 2025');
  });
});
