import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, MemoryRouter, Navigate, Outlet, useRoutes } from 'react-router';
import { AppLayoutFallback } from '../ui/layout/app-layout.js';
import { PageHeading } from '../ui/page-heading.js';
import { makeBrand } from '../test/fixtures.js';
import { callsTo, mockFetch } from '../test/mock-fetch.js';
import { lazyComponent, lazyScreen, type TScreenModule } from './lazy-screen.js';
import { AppProvider } from './provider.js';
import { createQueryClient } from './query-client.js';
import { RouterLayout } from './router-layout.js';

/** A screen module whose code arrives when the test says so. */
function deferredScreen(heading: string, title: string) {
  let arrive: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const module: TScreenModule = {
    Component: () => (
      <section>
        <PageHeading>{heading}</PageHeading>
        <Link to="/second">Go on</Link>
      </section>
    ),
    handle: { title },
  };
  const loaded = new Promise<TScreenModule>((resolve, reject) => {
    arrive = () => resolve(module);
    fail = reject;
  });
  return { Screen: lazyScreen(() => loaded), arrive: () => arrive(), fail: (e: Error) => fail(e) };
}

function renderScreens(
  url: string,
  screens: Record<string, { Screen: ReturnType<typeof lazyScreen> }>,
) {
  function Routes() {
    const element = useRoutes([
      {
        element: <RouterLayout />,
        children: [
          { path: '/', element: <Navigate replace to="/first" /> },
          ...Object.entries(screens).map(([path, { Screen }]) => ({
            path,
            element: <Screen />,
          })),
        ],
      },
    ]);
    return <Suspense fallback={<AppLayoutFallback />}>{element}</Suspense>;
  }
  const user = userEvent.setup();
  render(
    <AppProvider brand={makeBrand()} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { user };
}

describe('lazyScreen in the router layout', () => {
  it('shows the layout with "Loading…" until the first screen’s code arrives', async () => {
    const first = deferredScreen('First screen', 'First');
    renderScreens('/first', { '/first': first });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    first.arrive();
    expect(await screen.findByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('First | Harbor Credit Partners'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the first screen inside a lazily loaded layout without a suspense on the way', async () => {
    // React holds content back for up to 300 ms after a suspense fallback was shown: neither the
    // layout nor its screen may suspend on the first page load.
    let hasSuspended = false;
    function SuspenseMark() {
      hasSuspended = true;
      return null;
    }
    const Layout = lazyComponent(() => Promise.resolve(() => <Outlet />));
    const first = deferredScreen('Inside the layout', 'Inside');
    function Routes() {
      return useRoutes([
        {
          element: <RouterLayout />,
          children: [
            {
              element: (
                <Suspense fallback={<SuspenseMark />}>
                  <Layout />
                </Suspense>
              ),
              children: [{ path: '/first', element: <first.Screen /> }],
            },
          ],
        },
      ]);
    }
    render(
      <AppProvider brand={makeBrand()} queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/first']}>
          <Routes />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    first.arrive();
    expect(await screen.findByRole('heading', { name: 'Inside the layout' })).toBeInTheDocument();
    expect(hasSuspended).toBe(false);
  });

  it('leaves focus alone when the address first opened redirects to a screen', async () => {
    const first = deferredScreen('Redirected to', 'Target');
    renderScreens('/', { '/first': first });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    first.arrive();
    const heading = await screen.findByRole('heading', { name: 'Redirected to' });
    await waitFor(() => expect(document.title).toBe('Target | Harbor Credit Partners'));
    expect(heading).not.toHaveFocus();
  });

  it('keeps the current screen, with the progress bar, until the next one is ready', async () => {
    const first = deferredScreen('Screen one', 'One');
    const second = deferredScreen('Screen two', 'Two');
    first.arrive();
    const { user } = renderScreens('/first', { '/first': first, '/second': second });
    await user.click(await screen.findByRole('link', { name: 'Go on' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Screen one' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    second.arrive();
    const heading = await screen.findByRole('heading', { name: 'Screen two' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Two | Harbor Credit Partners'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers a reload inside the layout when a release replaced the screen’s code', async () => {
    const probe = mockFetch({
      'HEAD /assets/x.js': () => new Response(null, { status: 404 }),
    });
    const broken = deferredScreen('Never shown', 'Broken');
    renderScreens('/first', { '/first': broken });
    broken.fail(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    expect(
      await screen.findByRole('heading', { name: 'This page has been updated' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Harbor Credit Partners'));
    // The script is asked for once; the page's other calls (telemetry, retried) are not counted.
    expect(callsTo(probe, 'HEAD /assets/x.js')).toHaveLength(1);
  });

  it.each([
    [
      'the connection dropped',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'We could not reach the server. Check your connection, then reload the page.',
    ],
    [
      'the file is there after all',
      () =>
        Promise.resolve(
          new Response('', { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }),
        ),
      'Part of this page did not arrive. Reload to try again.',
    ],
  ])('does not speak of a newer version when %s', async (_name, answer, text) => {
    mockFetch({ 'HEAD /assets/y.js': answer });
    const broken = deferredScreen('Never shown', 'Broken');
    renderScreens('/first', { '/first': broken });
    broken.fail(
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/y.js'),
    );
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/newer version/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows an error a screen throws inside the layout', async () => {
    const throwing = lazyScreen(() =>
      Promise.resolve({
        Component: () => {
          throw new Error('broken screen');
        },
      }),
    );
    renderScreens('/first', { '/first': { Screen: throwing } });
    expect(
      await screen.findByRole('heading', { name: 'Something unexpected happened' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeInTheDocument();
  });
});
