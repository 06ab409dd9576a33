/**
 * A small in-process cache: each entry has its own expiry, the least recently used entry goes
 * beyond the capacity, and entries can be dropped by key or by a test on their value (when what
 * they were computed from changes).
 */
export interface TExpiringCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, expiresAtMs: number): void;
  deleteWhere(test: (value: V, key: string) => boolean): void;
}

export function createExpiringCache<V>(
  capacity: number,
  nowMs: () => number = Date.now,
): TExpiringCache<V> {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (entry.expiresAtMs <= nowMs()) return undefined;
      // Most recently used last: the first key is the one to drop.
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, expiresAtMs) {
      entries.delete(key);
      if (expiresAtMs <= nowMs()) return;
      entries.set(key, { value, expiresAtMs });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    deleteWhere(test) {
      for (const [key, entry] of entries) {
        if (test(entry.value, key)) entries.delete(key);
      }
    },
  };
}
