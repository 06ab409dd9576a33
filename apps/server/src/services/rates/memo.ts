/**
 * A small least-recently-used memo for pure computations (same key, same answer). Bounded, so a
 * stream of distinct inputs only costs the oldest entries.
 */
export function createMemo<V>(capacity: number): (key: string, compute: () => V) => V {
  const entries = new Map<string, V>();
  return (key, compute) => {
    if (entries.has(key)) {
      const value = entries.get(key) as V;
      // Most recently used last.
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const value = compute();
    entries.set(key, value);
    if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
