import { describe, expect, it } from 'vitest';
import type { TDb } from '../../db/pool.js';
import { createSandboxClock } from './sandbox-clock.js';

const REAL_NOW_MS = Date.parse('2025-03-01T12:00:00Z');

/** A database whose offset reads answer when the test says, in any order. */
function fakeDb() {
  const pending: ((offsetMs: number) => void)[] = [];
  const db = {
    select: () => ({
      from: () => ({
        where: () =>
          new Promise<{ offsetMs: number }[]>((resolve) => {
            pending.push((offsetMs) => resolve([{ offsetMs }]));
          }),
      }),
    }),
  } as unknown as TDb;
  return { db, answer: (index: number, offsetMs: number) => pending[index]?.(offsetMs) };
}

describe('createSandboxClock', () => {
  it('is real time plus the offset last loaded', async () => {
    const { db, answer } = fakeDb();
    const clock = createSandboxClock(db, () => REAL_NOW_MS);
    expect(clock.now().getTime()).toBe(REAL_NOW_MS);
    const loaded = clock.refresh();
    answer(0, 3_600_000);
    await loaded;
    expect(clock.now().getTime()).toBe(REAL_NOW_MS + 3_600_000);
  });

  it('never lets a load that began earlier undo a later load or a move', async () => {
    const { db, answer } = fakeDb();
    const clock = createSandboxClock(db, () => REAL_NOW_MS);
    const older = clock.refresh();
    const newer = clock.refresh();
    answer(1, 7_200_000);
    await newer;
    answer(0, 0);
    await older;
    expect(clock.now().getTime()).toBe(REAL_NOW_MS + 7_200_000);

    const slow = clock.refresh();
    clock.adopt(10_800_000);
    answer(2, 7_200_000);
    await slow;
    expect(clock.now().getTime()).toBe(REAL_NOW_MS + 10_800_000);
  });

  it('takes an offset another statement read, unless a load begun later was taken first', async () => {
    const { db, answer } = fakeDb();
    const clock = createSandboxClock(db, () => REAL_NOW_MS);
    expect(clock.realNow()).toBe(REAL_NOW_MS);
    const takeEarlier = clock.loading();
    const newer = clock.refresh();
    answer(0, 7_200_000);
    await newer;
    takeEarlier(0);
    expect(clock.now().getTime()).toBe(REAL_NOW_MS + 7_200_000);

    const takeLater = clock.loading();
    takeLater(3_600_000);
    expect(clock.now().getTime()).toBe(REAL_NOW_MS + 3_600_000);
  });
});
