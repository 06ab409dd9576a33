import { useCallback, useEffect, useRef } from 'react';
import { getKrangState } from '../../application/api/get-krang-state.js';
import { waitForDetailsOutcome, type TDetailsOutcome } from '../wait-for-details-outcome.js';

/**
 * Waits, for a page, until the server has decided on an application after its details (its state
 * polled on the details schedule). Leaving the page stops the wait, which then answers null.
 */
export function useWaitForDetailsOutcome(appUuid: string): () => Promise<TDetailsOutcome | null> {
  const leaving = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort(new DOMException('The page was left', 'AbortError'));
  }, []);

  return useCallback(async () => {
    const signal = leaving.current?.signal;
    try {
      return await waitForDetailsOutcome({
        readState: (pollSignal) => getKrangState(appUuid, pollSignal),
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      if (signal?.aborted) return null;
      throw error;
    }
  }, [appUuid]);
}
