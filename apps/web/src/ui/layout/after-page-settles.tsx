import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/** How long a page's calls may keep what waits for them waiting. */
export const SETTLE_LIMIT_MS = 5_000;

/** Runs `run` when the browser is next idle; answers how to cancel it. */
export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run);
  return () => clearTimeout(id);
}

/**
 * Renders `children` once the page has what it came for: none of its calls on their way (or
 * SETTLE_LIMIT_MS gone by), then the browser idle. What waits here (the toast region's code, the
 * background's still) never competes with the page's own data for a slow connection or a busy
 * phone's processor. Once shown, it stays.
 */
export function AfterPageSettles({ children }: { children: ReactNode }) {
  const isFetching = useIsFetching() > 0;
  const [hasWaitedEnough, setHasWaitedEnough] = useState(false);
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setHasWaitedEnough(true), SETTLE_LIMIT_MS);
    return () => clearTimeout(id);
  }, []);
  const isBusy = isFetching && !hasWaitedEnough;
  useEffect(() => {
    if (isSettled || isBusy) return;
    return whenIdle(() => setIsSettled(true));
  }, [isSettled, isBusy]);
  return isSettled ? children : null;
}
