import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side route change, moves focus to the new screen's heading so that keyboard and
 * screen-reader users start at the top of the new content. The first screen shown keeps the
 * browser's own focus, even when the address it was opened at redirected to it; a path that shows
 * no heading (a redirect on its way) moves nothing. `shownScreens` counts the screens shown so far,
 * so that a screen appearing without a change of path (the first one, once its code has loaded) is
 * seen too.
 */
export function useFocusOnNavigation(
  main: RefObject<HTMLElement | null>,
  shownScreens: number,
): void {
  const { pathname } = useLocation();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    const heading = main.current?.querySelector<HTMLElement>('h1');
    if (heading == null || focusedFor.current === pathname) return;
    const isFirstScreen = focusedFor.current === null;
    focusedFor.current = pathname;
    if (!isFirstScreen) heading.focus();
  }, [pathname, shownScreens, main]);
}
