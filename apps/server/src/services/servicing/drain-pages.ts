/**
 * Runs a batched, set-based step over every row it finds, a batch at a time in index order. Each
 * batch starts after the last row the one before it read (its cursor), so a sweep of any size steps
 * once over the index and the time per row stays the same from a thousand loans to a million. When
 * a round reaches the end of the index, another round starts from the top for rows it could not
 * take (locked by another transaction at that moment) or that entered behind the cursor; the step
 * is done when a round moves nothing.
 */
export interface TPage<TCursor> {
  /** Rows the batch changed. */
  count: number;
  /** The last row the batch read, or null when it read none (the end of the index). */
  next: TCursor | null;
}

/**
 * A bound on batches that only stops a defect from spinning forever (a year of steps for ten million
 * loans in batches of 5,000).
 */
export const MAX_PAGES = 100_000;

export async function drainPages<TCursor>(
  page: (cursor: TCursor | null) => Promise<TPage<TCursor>>,
): Promise<number> {
  let total = 0;
  let cursor: TCursor | null = null;
  let movedThisRound = 0;
  for (let batch = 0; batch < MAX_PAGES; batch += 1) {
    const { count, next } = await page(cursor);
    total += count;
    movedThisRound += count;
    if (next !== null) {
      cursor = next;
      continue;
    }
    if (movedThisRound === 0) break;
    cursor = null;
    movedThisRound = 0;
  }
  return total;
}
