import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { TBrand } from '@pledge/contract';
import { AppProvider } from '../app/provider.js';
import { createQueryClient } from '../app/query-client.js';
import { AppRoutes } from '../app/router.js';
import { makeBrand } from './fixtures.js';

/** Where a rendered app is: its location, kept up to date after each navigation. */
export interface TRenderedRouter {
  location: Location | null;
}

function LocationRecorder({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [onLocation, location]);
  return null;
}

/**
 * Renders the whole app (layout, router, providers) at a URL, in memory. A test on a fake clock
 * passes `advanceTimers` (vi.advanceTimersByTime), with which user-event's own waits move it.
 */
export function renderApp(
  url: string,
  {
    brand = makeBrand(),
    advanceTimers,
  }: { brand?: TBrand; advanceTimers?: (delay: number) => unknown } = {},
) {
  const router: TRenderedRouter = { location: null };
  const user = userEvent.setup(advanceTimers === undefined ? {} : { advanceTimers });
  const view = render(
    <AppProvider brand={brand} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <LocationRecorder
          onLocation={(location) => {
            router.location = location;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** The current location of a rendered app as one string: pathname plus query. */
export function currentUrl(router: TRenderedRouter): string {
  if (router.location === null) return '';
  const { pathname, search } = router.location;
  return `${pathname}${search}`;
}
