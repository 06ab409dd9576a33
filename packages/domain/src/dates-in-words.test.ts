import { describe, expect, it, onTestFinished } from 'vitest';
import {
  dayInWords,
  localLongDayInWords,
  localLongMomentInWords,
  localMomentInWords,
  momentInWords,
} from './dates-in-words.js';
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

const HOUR_MS = 3_600_000;

/**
 * Every 97 hours and 13 minutes from 1999 to 2101 (about 9,200 moments): each step moves the hour
 * by one and the minute by 13, so every hour, minute shape, month and day comes round.
 */
function moments(): number[] {
  const all: number[] = [];
  const end = Date.UTC(2101, 0, 1);
  for (let time = Date.UTC(1999, 0, 1); time < end; time += 97 * HOUR_MS + 13 * 60_000) {
    all.push(time);
  }
  return all;
}

/** Runs the rest of the test in a time zone of its own. */
function inZone(zone: string) {
  const before = process.env.TZ;
  process.env.TZ = zone;
  onTestFinished(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

describe('the words against Intl', () => {
  // Intl is the oracle: the words must be what US English's formatter writes.
  it('says UTC days and moments as Intl’s medium date and 24-hour short time do', () => {
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
      hourCycle: 'h23',
    });
    const times = moments();
    expect(times.map((time) => dayInWords(new Date(time)))).toEqual(
      times.map((time) => day.format(time)),
    );
    expect(times.map((time) => momentInWords(new Date(time)))).toEqual(
      times.map((time) => `${moment.format(time)} UTC`),
    );
  });

  // Zones behind and ahead of UTC, one off by half an hour, daylight saving time's changes of
  // both hemispheres.
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'America/Los_Angeles'])(
    'says a moment in the reader’s zone as Intl’s medium date and short time do (%s)',
    (zone) => {
      inZone(zone);
      const oracle = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
      const times = moments();
      expect(times.map(localMomentInWords)).toEqual(times.map((time) => oracle.format(time)));
    },
  );

  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'America/Los_Angeles'])(
    'says a day and a moment in the reader’s zone as Intl’s long date and short time do (%s)',
    (zone) => {
      inZone(zone);
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
      const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
      const times = moments();
      expect(times.map(localLongDayInWords)).toEqual(times.map((time) => day.format(time)));
      expect(times.map(localLongMomentInWords)).toEqual(times.map((time) => moment.format(time)));
    },
  );
});

describe('localLongDayInWords and localLongMomentInWords', () => {
  it('read the moment in the reader’s zone', () => {
    inZone('America/New_York');
    expect(localLongDayInWords('2025-03-23T02:00:00Z')).toBe('March 22, 2025');
    expect(localLongMomentInWords('2025-03-06T20:30:00Z')).toBe('March 6, 2025 at 3:30 PM');
  });

  it('refuse what is no moment', () => {
    expect(() => localLongDayInWords('soon')).toThrow(/Not a moment/);
    expect(() => localLongMomentInWords(Number.NaN)).toThrow(/Not a moment/);
  });
});

describe('localMomentInWords', () => {
  it('reads the moment in the reader’s zone', () => {
    inZone('America/New_York');
    expect(localMomentInWords('2025-03-05T02:00:00Z')).toBe('Mar 4, 2025, 9:00 PM');
  });

  it('says noon and midnight as 12', () => {
    inZone('UTC');
    expect(localMomentInWords('2025-03-06T00:05:00Z')).toBe('Mar 6, 2025, 12:05 AM');
    expect(localMomentInWords(Date.parse('2025-03-06T12:00:00Z'))).toBe('Mar 6, 2025, 12:00 PM');
  });

  it('refuses what is no moment', () => {
    expect(() => localMomentInWords(Number.NaN)).toThrow(/Not a moment/);
  });
});
