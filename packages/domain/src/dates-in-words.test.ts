import { describe, expect, it } from 'vitest';
import { dayInWords, momentInWords } from './dates-in-words.js';
import { isDomainError } from './errors.js';

describe('dayInWords', () => {
  it.each([
    ['2026-12-03', 'Dec 3, 2026'],
    ['2025-01-31', 'Jan 31, 2025'],
    ['2024-02-29', 'Feb 29, 2024'],
    [new Date('2026-12-03T23:59:59Z'), 'Dec 3, 2026'],
  ])('%s → %s', (day, words) => {
    expect(dayInWords(day)).toBe(words);
  });
});

describe('momentInWords', () => {
  it.each([
    ['2026-12-03T14:00:00.000Z', 'Dec 3, 2026, 14:00 UTC'],
    ['2026-12-03T09:05:59.999Z', 'Dec 3, 2026, 09:05 UTC'],
    // Another offset is said in UTC.
    ['2026-12-03T23:30:00-05:00', 'Dec 4, 2026, 04:30 UTC'],
    [new Date(Date.UTC(2027, 0, 1, 0, 0)), 'Jan 1, 2027, 00:00 UTC'],
  ])('%s → %s', (moment, words) => {
    expect(momentInWords(moment)).toBe(words);
  });

  it('refuses what is no moment', () => {
    let caught: unknown;
    try {
      momentInWords('soon');
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught)).toBe(true);
  });
});
