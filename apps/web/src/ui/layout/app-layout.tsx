import { useRef, type ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import { useFocusOnNavigation } from './use-focus-on-navigation.js';
import { useRouteTitle } from './use-route-title.js';

const MAIN_ID = 'main';

/** Header, main content and footer around any content; also shown while the first screen loads. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <SiteHeader />
      {children}
      <SiteFooter />
    </div>
  );
}

/** The layout of every route: the shell with the current screen in <main>. */
export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  useRouteTitle();
  useFocusOnNavigation(main);
  return (
    <AppShell>
      {isNavigating && <div className="route-progress" role="progressbar" aria-label="Loading" />}
      <main id={MAIN_ID} ref={main} className="site-main" aria-busy={isNavigating}>
        <Outlet />
      </main>
    </AppShell>
  );
}

/** Shown by the router while the first screen's code and data load. */
export function AppLayoutFallback() {
  return (
    <AppShell>
      <main id={MAIN_ID} className="site-main" aria-busy="true">
        <p className="loading">Loading…</p>
      </main>
    </AppShell>
  );
}
