import { describe, expect, it, onTestFinished } from 'vitest';
import { dateTimeFormatOnFirstUse, localDateTimeText, utcDateText } from './date-time-format.js';

const HOUR_MS = 3_600_000;

/** Every 7 hours and 13 minutes from 1999 to 2101: each month, day, hour and minute shape. */
function moments(): number[] {
  const all: number[] = [];
  const end = Date.UTC(2101, 0, 1);
  for (let time = Date.UTC(1999, 0, 1); time < end; time += 7 * HOUR_MS + 13 * 60_000) {
    all.push(time);
  }
  return all;
}

describe('utcDateText', () => {
  // Intl is the oracle: the text must be what US English's formatter writes.
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
    hourCycle: 'h23',
  });

  it('writes the UTC calendar date as Intl’s medium date does', () => {
    for (const time of moments()) expect(utcDateText(time)).toBe(date.format(time));
  });

  it('writes the UTC time as Intl’s short 24-hour time does', () => {
    for (const time of moments()) {
      expect(utcDateText(time, { withTime: true })).toBe(dateTime.format(time));
    }
  });

  it('reads the date in UTC, not in the reader’s zone', () => {
    const zone = process.env.TZ;
    // A zone behind UTC, where the local calendar day is still the day before.
    process.env.TZ = 'America/New_York';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    expect(new Date(Date.parse('2025-03-05T02:00:00Z')).getDate()).toBe(4);
    expect(utcDateText(Date.parse('2025-03-05T02:00:00Z'))).toBe('Mar 5, 2025');
    expect(utcDateText(Date.parse('2025-03-04T23:30:00-05:00'))).toBe('Mar 5, 2025');
    expect(utcDateText(Date.parse('2025-12-31T23:59:00Z'), { withTime: true })).toBe(
      'Dec 31, 2025, 23:59',
    );
    expect(utcDateText(Date.parse('2026-01-01T00:00:00Z'), { withTime: true })).toBe(
      'Jan 1, 2026, 00:00',
    );
  });
});

describe('dateTimeFormatOnFirstUse', () => {
  it('formats as the formatter of its options does', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
    const text = dateTimeFormatOnFirstUse(options);
    const time = Date.parse('2025-03-22T12:00:00Z');
    expect(text(time)).toBe('March 22, 2025');
    expect(text(new Date(time))).toBe(new Intl.DateTimeFormat('en-US', options).format(time));
  });
});

describe('localDateTimeText', () => {
  function inZone(zone: string) {
    const before = process.env.TZ;
    process.env.TZ = zone;
    onTestFinished(() => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    });
  }

  // Intl is the oracle, in the reader's zone: zones behind and ahead of UTC, one off by half an
  // hour, and daylight saving time's changes of both hemispheres.
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'America/Los_Angeles'])(
    'writes the time in the reader’s zone as Intl’s medium date and short time do (%s)',
    (zone) => {
      inZone(zone);
      const oracle = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
      for (const time of moments()) expect(localDateTimeText(time)).toBe(oracle.format(time));
    },
  );

  it('refuses what is no time, as Intl does', () => {
    expect(() => localDateTimeText(Number.NaN)).toThrow(RangeError);
    expect(() => utcDateText(Date.parse('not a date'))).toThrow(RangeError);
  });

  it('writes noon and midnight as 12', () => {
    inZone('UTC');
    expect(localDateTimeText(Date.parse('2025-03-06T00:05:00Z'))).toBe('Mar 6, 2025, 12:05 AM');
    expect(localDateTimeText(Date.parse('2025-03-06T12:00:00Z'))).toBe('Mar 6, 2025, 12:00 PM');
  });
});
