import { describe, expect, it } from 'vitest';
import { serverClockOffsetMs } from './server-clock.js';

describe('serverClockOffsetMs', () => {
  const received = Date.parse('2025-02-11T15:00:00.000Z');
  it.each([
    ['2025-02-11T15:00:00.000Z', 0],
    ['2025-02-11T17:00:00.000Z', 2 * 60 * 60 * 1000],
    ['2025-02-11T14:59:30.000Z', -30_000],
    ['not a time', 0],
  ])('a view of the server at %s received at 15:00 puts its clock %i ms ahead', (asOf, ms) => {
    expect(serverClockOffsetMs(asOf, received)).toBe(ms);
  });
});
