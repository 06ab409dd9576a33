import { useCallback, useEffect, useState } from 'react';

/**
 * The value once it has stayed unchanged for `delayMs`; each change restarts the wait. Values are
 * compared with Object.is, so pass a memoised object. `settleNow` skips the wait for a value that
 * must apply at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (next: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  const settleNow = useCallback((next: T) => setSettled(() => next), []);
  return [settled, settleNow];
}
