import { describe, expect, it } from 'vitest';
import { dateTimeFormatOnFirstUse } from './date-time-format.js';

describe('dateTimeFormatOnFirstUse', () => {
  it('formats as the formatter of its options does', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
    const text = dateTimeFormatOnFirstUse(options);
    const time = Date.parse('2025-03-22T12:00:00Z');
    expect(text(time)).toBe('March 22, 2025');
    expect(text(new Date(time))).toBe(new Intl.DateTimeFormat('en-US', options).format(time));
  });
});
