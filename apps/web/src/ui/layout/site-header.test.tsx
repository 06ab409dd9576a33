import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getToken } from '../../api/token.js';
import { browserNavigation } from '../../features/session/browser-navigation.js';
import {
  figureInfoHandlers,
  makeIdentity,
  storeTestSession,
} from '../../features/session/session-test-utils.js';
import { jsonResponse, mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';

const FAQ = '/account/crypto-backed-loan/faq';

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
});

describe('the header', () => {
  it('offers Login to a visitor, which starts a sign-in returning to this page', async () => {
    mockFetch({});
    const { user } = renderApp(`${FAQ}?org=markets`);
    const header = screen.getByRole('banner');
    await user.click(await within(header).findByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith(
        `/auth/login?redirectUrl=${encodeURIComponent(`${FAQ}?org=markets`)}`,
      ),
    );
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows the signed-in e-mail, the dashboard and Sign out, which signs out at the broker', async () => {
    storeTestSession();
    mockFetch({
      ...figureInfoHandlers(makeIdentity({ email: 'grace@example.com' })),
      'POST /identity-broker/customer/secure/api/v3/logout': () =>
        jsonResponse({ redirectUrl: '/auth/login' }),
    });
    const { user } = renderApp(FAQ);
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('grace@example.com')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(header).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login'));
    expect(getToken()).toBeNull();
    // Signing out of a page is not a reason to sign in again.
    expect(browserNavigation.postAndFollow).not.toHaveBeenCalled();
  });

  it('keeps the room of the signed-in nav, hidden, while a held sign-in is checked', async () => {
    storeTestSession();
    let answer: (() => void) | undefined;
    const handlers = figureInfoHandlers(makeIdentity({ email: 'grace@example.com' }));
    mockFetch(
      Object.fromEntries(
        Object.entries(handlers).map(([key, handler]) => [
          key,
          async (...args: Parameters<typeof handler>) => {
            await new Promise<void>((resolve) => {
              answer = resolve;
            });
            return handler(...args);
          },
        ]),
      ),
    );
    const { container } = renderApp(FAQ);
    const header = screen.getByRole('banner');
    await waitFor(() => expect(answer).toBeDefined());
    // Neither Login nor the e-mail yet: a room as tall as the nav, out of the accessibility tree.
    const room = container.querySelector('.site-nav--pending');
    expect(room).toHaveAttribute('aria-hidden', 'true');
    expect(room?.querySelector('.site-nav__email')).not.toBeNull();
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    answer?.();
    expect(await within(header).findByText('grace@example.com')).toBeInTheDocument();
    expect(container.querySelector('.site-nav--pending')).toBeNull();
  });

  it('keeps the whole of a long address in the title and the text, cut only on screen', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    storeTestSession();
    mockFetch(figureInfoHandlers(makeIdentity({ email })));
    renderApp(FAQ);
    const header = screen.getByRole('banner');
    const shown = await within(header).findByTitle(email);
    expect(shown).toHaveClass('site-nav__email');
    expect(shown).toHaveTextContent(`Signed in as ${email}`);
  });
});
