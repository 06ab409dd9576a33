import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { usePageViews } from '../../telemetry/use-page-views.js';
import { AfterPageSettles } from './after-page-settles.js';
import { BackgroundVideo } from './background-video.js';
import { DeferredToastRegion } from './deferred-toast-region.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { useFocusOnNavigation } from './use-focus-on-navigation.js';

const MAIN_ID = 'main';

// Not part of a page's first paint: the banners come from a call made once the page has loaded,
// so their code loads alongside the first screen's.
const BannerArea = lazy(async () => ({
  default: (await import('../../features/banners/components/banner-area.js')).BannerArea,
}));

/**
 * Header, banners, main content and footer around any content; also shown while the first screen
 * loads.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <SiteHeader />
      <Suspense fallback={null}>
        <BannerArea />
      </Suspense>
      {children}
      <SiteFooter />
    </div>
  );
}

interface TAppLayoutProps {
  /** The next screen is on its way: shows the progress bar and marks <main> busy. */
  isNavigating: boolean;
  /** How many screens have been shown so far (see useFocusOnNavigation). */
  shownScreens: number;
  /** The current screen. */
  children: ReactNode;
}

/** The layout of every route: the shell with the current screen in <main>. */
export function AppLayout({ isNavigating, shownScreens, children }: TAppLayoutProps) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main, shownScreens);
  usePageViews();
  return (
    <AppShell>
      <DeferredToastRegion />
      {isNavigating && <div className="route-progress" role="progressbar" aria-label="Loading" />}
      <main id={MAIN_ID} ref={main} className="site-main" aria-busy={isNavigating}>
        {children}
      </main>
      <AfterPageSettles>
        <BackgroundVideo />
      </AfterPageSettles>
    </AppShell>
  );
}

/** In place of a screen whose code is loading. */
export function ScreenLoading() {
  return <p className="loading">Loading…</p>;
}

/** Shown while the first screen's code loads. */
export function AppLayoutFallback() {
  return (
    <AppShell>
      <main id={MAIN_ID} className="site-main" aria-busy="true">
        <ScreenLoading />
      </main>
    </AppShell>
  );
}
