import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side route change, moves focus to the new screen's heading so that keyboard and
 * screen-reader users start at the top of the new content. The first page load keeps the browser's
 * own focus.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const focusedFor = useRef(pathname);
  useEffect(() => {
    if (focusedFor.current === pathname) return;
    focusedFor.current = pathname;
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [pathname, main]);
}
