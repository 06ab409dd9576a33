import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getLoanStatus, getUserApps } from '@pledge/contract';
import { getToken } from '../../../api/token.js';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { browserNavigation } from '../browser-navigation.js';
import { PENDING_SIGN_IN_KEY } from '../session-storage.js';
import { figureInfoHandlers, storeTestSession, TEST_IDENTITY } from '../session-test-utils.js';

const DASHBOARD_HANDLERS = {
  [`GET ${getUserApps.path}`]: () => jsonResponse([]),
  [`GET ${getLoanStatus.path}`]: () => jsonResponse({ loans: [] }),
};

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
  window.sessionStorage.clear();
});

function pendingSignIn(): unknown {
  return JSON.parse(window.sessionStorage.getItem(PENDING_SIGN_IN_KEY) ?? 'null');
}

describe('RequireSession', () => {
  it('sends a signed-out visitor to sign in, keeping the page (with its query) and a nonce', async () => {
    mockFetch({});
    renderApp('/dashboard?view=loans');
    expect(await screen.findByText('Taking you to sign in…')).toBeInTheDocument();
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith(
        '/auth/login?redirectUrl=%2Fdashboard%3Fview%3Dloans',
      ),
    );
    expect(pendingSignIn()).toEqual({
      audience: 'customer',
      returnPath: '/dashboard?view=loans',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('falls back to the sign-in page when the broker’s login cannot start', async () => {
    mockFetch({});
    window.localStorage.setItem('pledge.signIn.brokerKnown.customer', 'true');
    vi.mocked(browserNavigation.postAndFollow).mockRejectedValue(new Error('status 429'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith('/auth/login?redirectUrl=%2Fdashboard'),
    );
    expect(browserNavigation.postAndFollow).toHaveBeenCalled();
  });

  it('shows the page to a signed-in borrower', async () => {
    storeTestSession();
    mockFetch({ ...figureInfoHandlers(), ...DASHBOARD_HANDLERS });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('lets public pages through without a session', async () => {
    mockFetch({});
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy notice' })).toBeInTheDocument();
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('asks a borrower for an agent sign-in on /ops', async () => {
    storeTestSession('customer');
    mockFetch(figureInfoHandlers());
    renderApp('/ops/ui-kit');
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith(
        '/auth/login?audience=agent&redirectUrl=%2Fops%2Fui-kit',
      ),
    );
    expect(pendingSignIn()).toMatchObject({ audience: 'agent', returnPath: '/ops/ui-kit' });
  });

  it('shows /ops to an agent', async () => {
    storeTestSession('agent');
    mockFetch(figureInfoHandlers({ ...TEST_IDENTITY, email: 'agent@example.com' }, 'agent'));
    renderApp('/ops');
    expect(await screen.findByRole('heading', { name: 'Operations console' })).toBeInTheDocument();
    expect(screen.getByText(/Signed in as agent@example.com/)).toBeInTheDocument();
  });

  it.each([
    [401, 'Unauthenticated', true],
    [403, 'Unauthenticated', true],
    [403, 'Forbidden', false],
  ])(
    'after a %i "%s" from any call, clears the token and looks the session up again: %s',
    async (status, message, signsOut) => {
      storeTestSession();
      let sessionLookups = 0;
      mockFetch({
        'GET /identity-broker/customer/secure/api/v3/self/figureinfo': () => {
          sessionLookups += 1;
          return figureInfoHandlers()[
            'GET /identity-broker/customer/secure/api/v3/self/figureinfo'
          ]!();
        },
        [`GET ${getUserApps.path}`]: () => jsonResponse({ code: 'X', message }, status),
        [`GET ${getLoanStatus.path}`]: () => jsonResponse({ loans: [] }),
      });
      renderApp('/dashboard');
      if (signsOut) {
        // The broker knew this browser a moment ago: the new sign-in goes straight to it.
        await waitFor(() => expect(browserNavigation.postAndFollow).toHaveBeenCalled());
        const [action] = vi.mocked(browserNavigation.postAndFollow).mock.calls[0] ?? [];
        expect(String(action)).toMatch(
          /^\/identity-broker\/customer\/api\/v3\/login\?redirectUrl=%2Fdashboard&nonce=/,
        );
        expect(getToken()).toBeNull();
        expect(pendingSignIn()).toMatchObject({ returnPath: '/dashboard' });
      } else {
        expect(
          await screen.findByText('We could not load your loans and applications.'),
        ).toBeInTheDocument();
        expect(getToken()).not.toBeNull();
        expect(browserNavigation.assign).not.toHaveBeenCalled();
      }
      expect(sessionLookups).toBe(1);
    },
  );

  it('checks the session when the tab is shown again, and signs out one that ended', async () => {
    storeTestSession();
    let isSessionOpen = true;
    let sessionLookups = 0;
    mockFetch({
      ...DASHBOARD_HANDLERS,
      'GET /identity-broker/customer/secure/api/v3/self/figureinfo': () => {
        sessionLookups += 1;
        return isSessionOpen
          ? figureInfoHandlers()['GET /identity-broker/customer/secure/api/v3/self/figureinfo']!()
          : jsonResponse({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' }, 401);
      },
    });
    renderApp('/dashboard?view=loans');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sessionLookups).toBe(1);

    // Shown again while the session is open: checked (and so renewed), the page stays.
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(sessionLookups).toBe(2));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    // Left idle past the idle timeout: the server refuses it, and the tab goes to sign in.
    isSessionOpen = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(browserNavigation.postAndFollow).toHaveBeenCalled());
    expect(getToken()).toBeNull();
    expect(pendingSignIn()).toMatchObject({ returnPath: '/dashboard?view=loans' });
  });

  it("offers a retry when the session cannot be checked ('User not found')", async () => {
    storeTestSession();
    mockFetch({});
    const { user } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'We could not check your sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
    mockFetch({ ...figureInfoHandlers(), ...DASHBOARD_HANDLERS });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
