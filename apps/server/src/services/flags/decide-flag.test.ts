import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decideFlag, rolloutBucket, ROLLOUT_BUCKETS, type TFlagSetting } from './decide-flag.js';

const TRACKER = '4b1f8a3e-2c6d-4e8f-9a0b-1c2d3e4f5a6b';
const KEY = 'fe-plc-show-additional-docs';

const setting = (overrides: Partial<TFlagSetting> = {}): TFlagSetting => ({
  enabled: true,
  rolloutPct: 100,
  organizationOverrides: {},
  ...overrides,
});

describe('rolloutBucket', () => {
  it('is the first four bytes of sha256(key:tracker) mod 100', () => {
    const expected =
      createHash('sha256').update(`${KEY}:${TRACKER}`).digest().readUInt32BE(0) % ROLLOUT_BUCKETS;
    expect(rolloutBucket(KEY, TRACKER)).toBe(expected);
  });

  it('is stable for a tracker whatever the case of its uuid', () => {
    expect(rolloutBucket(KEY, TRACKER.toUpperCase())).toBe(rolloutBucket(KEY, TRACKER));
  });

  it('spreads trackers evenly over the buckets', () => {
    const counts = new Array<number>(ROLLOUT_BUCKETS).fill(0);
    const trackers = 20_000;
    for (let i = 0; i < trackers; i += 1) {
      const bucket = rolloutBucket(KEY, randomUUID());
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    // 200 expected per bucket; a fair hash stays well inside ±50 %.
    expect(Math.min(...counts)).toBeGreaterThan(100);
    expect(Math.max(...counts)).toBeLessThan(300);
  });

  it('puts one tracker in unrelated buckets for different flags', () => {
    const trackers = Array.from({ length: 200 }, () => randomUUID());
    const same = trackers.filter((t) => rolloutBucket('flag-a', t) === rolloutBucket('flag-b', t));
    expect(same.length).toBeLessThan(20);
  });
});

describe('decideFlag', () => {
  const bucket = rolloutBucket(KEY, TRACKER);
  const user = { organization: 'partner', trackerId: TRACKER };

  it.each([
    ['enabled for everyone', setting(), true],
    ['disabled', setting({ enabled: false }), false],
    ['enabled, rollout 0 %', setting({ rolloutPct: 0 }), false],
    ['enabled, rollout just above the bucket', setting({ rolloutPct: bucket + 1 }), true],
    ['enabled, rollout equal to the bucket', setting({ rolloutPct: bucket }), false],
    [
      'disabled but forced on for the organisation',
      setting({ enabled: false, organizationOverrides: { partner: true } }),
      true,
    ],
    [
      'enabled but forced off for the organisation',
      setting({ organizationOverrides: { partner: false } }),
      false,
    ],
    [
      'an override for another organisation only',
      setting({ enabled: false, organizationOverrides: { markets: true } }),
      false,
    ],
  ])('%s → %s', (_name, flag, expected) => {
    expect(decideFlag(KEY, flag, user)).toBe(expected);
  });

  it('never reads inherited properties as overrides', () => {
    expect(
      decideFlag(KEY, setting({ enabled: false }), { ...user, organization: 'toString' }),
    ).toBe(false);
  });
});
