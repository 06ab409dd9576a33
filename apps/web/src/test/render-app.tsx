import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TBrand } from '@pledge/contract';
import { AppProvider } from '../app/provider.js';
import { createQueryClient } from '../app/query-client.js';
import { routes } from '../app/router.js';
import { makeBrand } from './fixtures.js';

/** Renders the whole app (layout, router, providers) at a URL, in memory. */
export function renderApp(url: string, { brand = makeBrand() }: { brand?: TBrand } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider brand={brand} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** The current location of a rendered app as one string: pathname plus query. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
