import { describe, expect, it } from 'vitest';
import { drainPages, type TPage } from '../../src/services/servicing/drain-pages.js';

/**
 * A step over sorted keys, as the sweeps' statements read an index: a batch takes up to `size` keys
 * after the cursor that are still due and not locked, and moves them out of the due set.
 */
function indexStep(keys: number[], size: number, locked = new Set<number>()) {
  const due = new Set(keys);
  const reads: Array<number | null> = [];
  const page = async (cursor: number | null): Promise<TPage<number>> => {
    reads.push(cursor);
    const batch = [...due]
      .sort((a, b) => a - b)
      .filter((key) => (cursor === null || key > cursor) && !locked.has(key))
      .slice(0, size);
    for (const key of batch) due.delete(key);
    return { count: batch.length, next: batch.at(-1) ?? null };
  };
  return { due, reads, page };
}

describe('drainPages', () => {
  it('starts each batch after the last key the one before it read, and ends with a round that moves nothing', async () => {
    const step = indexStep([1, 2, 3, 4, 5, 6, 7], 3);
    expect(await drainPages(step.page)).toBe(7);
    expect(step.due.size).toBe(0);
    // 1–3, 4–6, 7, the end of the index; a second round from the top finds nothing.
    expect(step.reads).toEqual([null, 3, 6, 7, null]);
  });

  it('takes in a second round what was locked during the first', async () => {
    const locked = new Set([2, 5]);
    const step = indexStep([1, 2, 3, 4, 5, 6], 2, locked);
    const drained = drainPages<number>(async (cursor) => {
      const page = await step.page(cursor);
      // The other transaction commits once the first round has passed its rows.
      if (cursor === 6) locked.clear();
      return page;
    });
    expect(await drained).toBe(6);
    expect(step.due.size).toBe(0);
  });

  it('moves nothing and reads once when nothing is due', async () => {
    const step = indexStep([], 5);
    expect(await drainPages(step.page)).toBe(0);
    expect(step.reads).toEqual([null]);
  });

  it('ends when a round reads rows but moves none', async () => {
    const reads: Array<number | null> = [];
    const total = await drainPages(async (cursor: number | null) => {
      reads.push(cursor);
      // Two rows read every round, never changed (already done by someone else).
      return cursor === null ? { count: 0, next: 2 } : { count: 0, next: null };
    });
    expect(total).toBe(0);
    expect(reads).toEqual([null, 2]);
  });
});
