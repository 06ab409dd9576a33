import { useCallback, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { markPageVisit } from '../api/page-visit.js';
import { AppLayout } from '../ui/layout/app-layout.js';
import { ScreensShownContext, useIsScreenLoading } from './lazy-screen.js';
import { ScreenErrorBoundary } from './screen-error-boundary.js';

/**
 * The layout with the current screen in it. A navigation keeps the current screen, with the
 * progress bar, until the next one's code has loaded.
 */
export function RouterLayout() {
  const { pathname, key, state } = useLocation();
  // Before the screens below render: what they fetch afresh "each time shown" is for this visit.
  markPageVisit(key, state);
  const isScreenLoading = useIsScreenLoading();
  const [shownScreens, setShownScreens] = useState(0);
  const onScreenShown = useCallback(() => setShownScreens((count) => count + 1), []);
  const hasShownScreen = shownScreens > 0;
  const screensShown = useMemo(
    () => ({ hasShownScreen, onScreenShown }),
    [hasShownScreen, onScreenShown],
  );
  return (
    <AppLayout isNavigating={isScreenLoading} shownScreens={shownScreens}>
      <ScreensShownContext value={screensShown}>
        <ScreenErrorBoundary resetKey={pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </ScreensShownContext>
    </AppLayout>
  );
}
