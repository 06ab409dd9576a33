import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { LIVE_REGION_CLEAR_MS } from '@pledge/domain';

export type TPoliteness = 'polite' | 'assertive';

interface TLiveRegionProps {
  message: string;
  politeness?: TPoliteness;
}

/**
 * A visually hidden live region. It stays in the page even when empty: assistive technology only
 * announces changes to a region it already knows.
 */
export function LiveRegion({ message, politeness = 'polite' }: TLiveRegionProps) {
  return (
    <div
      className="visually-hidden"
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
    >
      {message}
    </div>
  );
}

export interface TLiveRegionHandle {
  /** Says the message once; the region is cleared LIVE_REGION_CLEAR_MS later (document 2 §5). */
  announce: (message: string) => void;
  /** The region to render once, anywhere in the component. */
  liveRegion: ReactElement;
}

/**
 * Announcements for screen readers. Clearing the text shortly after keeps a stale message out of
 * the reading order and lets the same message be announced again later.
 */
export function useLiveRegion(politeness: TPoliteness = 'polite'): TLiveRegionHandle {
  const [message, setMessage] = useState('');
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const announce = useCallback((next: string) => {
    clearTimeout(clearTimer.current);
    setMessage(next);
    clearTimer.current = setTimeout(() => setMessage(''), LIVE_REGION_CLEAR_MS);
  }, []);

  return { announce, liveRegion: <LiveRegion message={message} politeness={politeness} /> };
}
