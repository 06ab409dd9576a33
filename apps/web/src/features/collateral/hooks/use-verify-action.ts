import { useCallback, useEffect, useRef, useState } from 'react';
import { VERIFY_ERROR_RESET_MS, VERIFY_STATUS_REFETCH_MS } from '@pledge/domain';

/** The verify button's states (document 1 §4). */
export type TVerifyState = 'not' | 'sending' | 'verified' | 'error';

export type TVerifyLabels = Readonly<Record<TVerifyState, string>>;

/**
 * A verify action behind a button: 'sending' while it runs, then 'verified', whose follow-up
 * (re-fetching the status) runs VERIFY_STATUS_REFETCH_MS later; a failure shows 'error' for
 * VERIFY_ERROR_RESET_MS, then the button is back to 'not'. Only 'not' runs the action, so a double
 * click sends one request.
 */
export function useVerifyAction({
  action,
  onVerified,
}: {
  action: () => Promise<unknown>;
  onVerified: () => void;
}) {
  const [state, setState] = useState<TVerifyState>('not');
  const current = useRef<TVerifyState>('not');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isMounted = useRef(true);
  const latest = useRef({ action, onVerified });
  useEffect(() => {
    latest.current = { action, onVerified };
  }, [action, onVerified]);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const move = useCallback((next: TVerifyState) => {
    current.current = next;
    if (isMounted.current) setState(next);
  }, []);

  const run = useCallback(async () => {
    if (current.current !== 'not') return;
    move('sending');
    try {
      await latest.current.action();
    } catch {
      if (!isMounted.current) return;
      move('error');
      timer.current = setTimeout(() => move('not'), VERIFY_ERROR_RESET_MS);
      return;
    }
    if (!isMounted.current) return;
    move('verified');
    timer.current = setTimeout(() => latest.current.onVerified(), VERIFY_STATUS_REFETCH_MS);
  }, [move]);

  return { state, run };
}
