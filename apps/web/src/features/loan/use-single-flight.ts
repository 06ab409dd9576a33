import { useCallback, useRef } from 'react';

/**
 * Lets a confirmation send its call once. A mutation's `isPending` reaches the screen a tick after
 * the click that started it, so a double click would start a second call; this refuses it at once.
 * `start` gets `done`, to call when the call failed: only then may the confirmation be sent again
 * (a call that succeeded has done what the confirmation asked).
 */
export function useSingleFlight(): (start: (done: () => void) => void) => void {
  const isInFlight = useRef(false);
  return useCallback((start) => {
    if (isInFlight.current) return;
    isInFlight.current = true;
    start(() => {
      isInFlight.current = false;
    });
  }, []);
}
