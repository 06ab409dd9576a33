import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { LOGIN_MESSAGES } from '@pledge/domain';
import { getToken } from '../../api/token.js';
import { PASSWORD_EXPIRED_MESSAGE } from '../../features/auth/components/legacy-sign-in.js';
import { browserNavigation } from '../../features/session/browser-navigation.js';
import { flagDecisions } from '../../flags/flag-test-data.js';
import { readTokenAudience, savePendingSignIn } from '../../features/session/session-storage.js';
import { makeBrand } from '../../test/fixtures.js';
import { bodySentTo, jsonResponse, mockFetch, sentBody } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';

const NONCE = 'b3f1c2d4e5f60718293a4b5c6d7e8f90';
const OTP_START = 'POST /identity-broker/customer/api/v3/otp/start';
const OTP_VERIFY = 'POST /identity-broker/customer/api/v3/otp/verify';
const LEGACY_LOGIN = 'POST /identity/api/v1/login';

function noContent(): Response {
  return new Response(null, { status: 204 });
}

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
  window.sessionStorage.clear();
});

/** Asks for a code for `email`, then signs in with `code`. */
async function signInWithCode(user: UserEvent, email: string, code: string) {
  await user.type(await screen.findByLabelText(/Email address/), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText(/Sign-in code/), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The page says a code went to ada@example.com, and the broker was asked for one, with a nonce. */
async function expectCodeSentToAda(fetch: ReturnType<typeof mockFetch>) {
  expect(await screen.findByText(/We sent a 6-digit code to ada@example.com/)).toBeInTheDocument();
  expect(bodySentTo(fetch, OTP_START)).toEqual({
    email: 'ada@example.com',
    nonce: expect.any(String),
  });
}

describe('/auth/login: the code sign-in of the identity broker', () => {
  const brokerUrl = `/auth/login?audience=customer&redirectUrl=%2Fdashboard&nonce=${NONCE}`;

  it('asks for the e-mail, sends a code, then signs in and returns where the broker says', async () => {
    const fetch = mockFetch({
      [OTP_START]: noContent,
      [OTP_VERIFY]: () =>
        jsonResponse({ apiVersion: 2, jwt: 'new.jwt', redirectUrl: '/dashboard' }),
    });
    const { user } = renderApp(brokerUrl, { brand: makeBrand({ orgCode: 'partner' }) });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await expectCodeSentToAda(fetch);
    const startHeaders = new Headers(fetch.mock.calls.at(-1)?.[1]?.headers);
    expect(startHeaders.get('x-organization')).toBe('partner');
    const codeField = screen.getByLabelText(/Sign-in code/);
    expect(codeField).toHaveFocus();

    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/dashboard'));
    expect(bodySentTo(fetch, OTP_VERIFY)).toEqual({
      email: 'ada@example.com',
      code: '123456',
      nonce: NONCE,
    });
    expect(getToken()).toBe('new.jwt');
    expect(readTokenAudience()).toBe('customer');
  });

  it('asks for the authenticator code after the e-mailed code when two-factor sign-in is on', async () => {
    const message = 'Enter the 6-digit code from your authenticator app.';
    const bodies: unknown[] = [];
    mockFetch({
      [OTP_START]: noContent,
      [OTP_VERIFY]: async (_url, init) => {
        const body = sentBody<{ totp?: string }>(init);
        bodies.push(body);
        return body.totp === undefined
          ? jsonResponse({ code: 'TOTP_REQUIRED', message, fieldErrors: { totp: [message] } }, 401)
          : jsonResponse({ apiVersion: 2, jwt: 'two.factor.jwt', redirectUrl: '/dashboard' });
      },
    });
    const { user } = renderApp(brokerUrl);
    await signInWithCode(user, 'legacy-2fa@example.com', '123456');

    expect(await screen.findByText(message)).toBeInTheDocument();
    const totp = screen.getByLabelText(/Authenticator code/);
    await waitFor(() => expect(totp).toHaveFocus());
    // The e-mailed code stays as typed: it was right, only the second factor was missing.
    expect(screen.getByLabelText(/Sign-in code/)).toHaveValue('123456');
    await user.type(totp, '246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/dashboard'));
    expect(bodies.at(-1)).toEqual({
      email: 'legacy-2fa@example.com',
      code: '123456',
      totp: '246810',
      nonce: NONCE,
    });
    expect(getToken()).toBe('two.factor.jwt');
  });

  it('checks the e-mail and the code with the sign-in rules before calling', async () => {
    const fetch = mockFetch({ [OTP_START]: noContent });
    const { user } = renderApp(brokerUrl);
    await user.type(await screen.findByLabelText(/Email address/), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(LOGIN_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('otp'), expect.anything());

    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/Sign-in code/), '12a3');
    expect(screen.getByLabelText(/Sign-in code/)).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(LOGIN_MESSAGES.code)).toBeInTheDocument();
  });

  it.each([
    'That code is not right. Check the latest e-mail we sent and try again.',
    'That code has expired. Request a new code.',
  ])('shows the server’s words on the code field: %s', async (message) => {
    mockFetch({
      [OTP_START]: noContent,
      [OTP_VERIFY]: () =>
        jsonResponse({ code: 'INVALID_CODE', message, fieldErrors: { code: [message] } }, 400),
    });
    const { user } = renderApp(brokerUrl);
    await signInWithCode(user, 'ada@example.com', '654321');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/Sign-in code/)).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBeNull();
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('says when to try again after too many attempts, and sends a new code on request', async () => {
    let starts = 0;
    mockFetch({
      [OTP_START]: () => {
        starts += 1;
        return starts === 1
          ? noContent()
          : jsonResponse(
              { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 12 minutes.' },
              429,
            );
      },
    });
    const { user } = renderApp(brokerUrl);
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('Too many attempts. Try again in 12 minutes.'),
    ).toBeInTheDocument();
    expect(starts).toBe(2);
  });

  it('resends a code and says only the newest one works', async () => {
    const fetch = mockFetch({ [OTP_START]: noContent });
    const { user } = renderApp(brokerUrl);
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/We sent a new code to ada@example.com/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/otp/start'))).toHaveLength(2);
  });

  it('returns to the requested page only when the rule allows it', async () => {
    mockFetch({
      [OTP_START]: noContent,
      [OTP_VERIFY]: () => jsonResponse({ apiVersion: 2, jwt: 'new.jwt', redirectUrl: '/Evil' }),
    });
    const { user } = renderApp(
      `/auth/login?redirectUrl=${encodeURIComponent('https://evil.example')}&nonce=${NONCE}`,
    );
    await signInWithCode(user, 'ada@example.com', '123456');
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith('/account/crypto-backed-loan'),
    );
  });

  it('signs agents in at the agent audience and lands them on /ops', async () => {
    const fetch = mockFetch({
      'POST /identity-broker/agent/api/v3/otp/start': noContent,
      'POST /identity-broker/agent/api/v3/otp/verify': () =>
        jsonResponse({ apiVersion: 2, jwt: 'agent.jwt', redirectUrl: '/ops' }),
    });
    const { user } = renderApp(`/auth/login?audience=agent&redirectUrl=%2Fops&nonce=${NONCE}`);
    expect(await screen.findByText(/for agents with a provisioned address/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/Sign-in code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/ops'));
    expect(readTokenAudience()).toBe('agent');
    expect(
      fetch.mock.calls.some(([url]) => String(url).includes('/identity-broker/customer')),
    ).toBe(false);
  });
});

describe('/auth/login: the legacy password sign-in', () => {
  it('is what a visitor sees when nothing chooses the broker, with the code sign-in offered', async () => {
    mockFetch({});
    const { user } = renderApp('/auth/login?redirectUrl=%2Fdashboard');
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    await waitFor(() => expect(browserNavigation.postAndFollow).toHaveBeenCalled());
    const [action] = vi.mocked(browserNavigation.postAndFollow).mock.calls[0] ?? [];
    expect(String(action)).toMatch(
      /^\/identity-broker\/customer\/api\/v3\/login\?redirectUrl=%2Fdashboard&nonce=[0-9a-f]{32}/,
    );
  });

  it('signs in with e-mail and password and returns to the stored page', async () => {
    savePendingSignIn({ audience: 'customer', returnPath: '/dashboard?tab=2', nonce: NONCE });
    const fetch = mockFetch({
      [LEGACY_LOGIN]: () => jsonResponse({ jwt: 'legacy.jwt', passwordExpired: false }),
    });
    const { user } = renderApp('/auth/login?signInMode=legacy');
    await user.type(await screen.findByLabelText(/Email address/), 'legacy@example.com');
    await user.type(screen.getByLabelText(/Password/), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/dashboard?tab=2'));
    expect(bodySentTo(fetch, LEGACY_LOGIN)).toEqual({
      email: 'legacy@example.com',
      password: 'pass_good',
    });
    expect(getToken()).toBe('legacy.jwt');
    // A forced legacy mode offers no broker sign-in.
    expect(
      screen.queryByRole('button', { name: 'Email me a sign-in code' }),
    ).not.toBeInTheDocument();
  });

  it('asks for the authenticator code when two-factor sign-in is on', async () => {
    const message = 'Enter the 6-digit code from your authenticator app.';
    const fetch = mockFetch({
      [LEGACY_LOGIN]: async (_url, init) => {
        const body = sentBody<{ totp?: string }>(init);
        return body.totp === undefined
          ? jsonResponse({ code: 'TOTP_REQUIRED', message, fieldErrors: { totp: [message] } }, 401)
          : jsonResponse({ jwt: 'legacy.jwt', passwordExpired: false });
      },
    });
    const { user } = renderApp('/auth/login?signInMode=legacy&redirectUrl=%2Fdashboard');
    await user.type(await screen.findByLabelText(/Email address/), 'legacy-2fa@example.com');
    await user.type(screen.getByLabelText(/Password/), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const totp = screen.getByLabelText(/Authenticator code/);
    await waitFor(() => expect(totp).toHaveFocus());
    await user.type(totp, '246810');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/dashboard'));
    expect(bodySentTo(fetch, LEGACY_LOGIN)).toMatchObject({ email: 'legacy-2fa@example.com' });
  });

  it('shows the server’s words for wrong credentials and keeps nothing', async () => {
    const message = 'That email and password do not match. Check them and try again.';
    mockFetch({
      [LEGACY_LOGIN]: () => jsonResponse({ code: 'INVALID_CREDENTIALS', message }, 401),
    });
    const { user } = renderApp('/auth/login?signInMode=legacy');
    await user.type(await screen.findByLabelText(/Email address/), 'legacy@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('refuses an expired password and points to the e-mailed code', async () => {
    mockFetch({ [LEGACY_LOGIN]: () => jsonResponse({ jwt: 'legacy.jwt', passwordExpired: true }) });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/Email address/), 'legacy@example.com');
    await user.type(screen.getByLabelText(/Password/), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(PASSWORD_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('checks the fields before calling', async () => {
    const fetch = mockFetch({});
    const { user } = renderApp('/auth/login?signInMode=legacy');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(LOGIN_MESSAGES.email)).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/identity/api'))).toBe(false);
  });
});

describe('/auth/login: which form opens', () => {
  it('opens on the e-mail code form when the brand’s broker flag is on: Enter sends a code', async () => {
    const fetch = mockFetch({ ...flagDecisions(() => true), [OTP_START]: noContent });
    const { user } = renderApp('/auth/login?redirectUrl=%2Fdashboard');
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.com{Enter}');
    await expectCodeSentToAda(fetch);
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('opens on the e-mail code form for a brand that puts it first, asking no flag, with the password a link away', async () => {
    const fetch = mockFetch({ ...flagDecisions(() => false), [OTP_START]: noContent });
    const brand = makeBrand({
      flags: { wholesale: false, marketsCredit: false, general: true, codeSignInFirst: true },
    });
    const { user } = renderApp('/auth/login?redirectUrl=%2Fdashboard', { brand });
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/decision'))).toBe(false);

    await user.click(screen.getByRole('link', { name: 'Sign in with your password' }));
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
  });

  it('leaves the choice to the flag for a brand that does not put the code first', async () => {
    mockFetch(flagDecisions(() => false));
    const brand = makeBrand({
      flags: { wholesale: false, marketsCredit: false, general: true, codeSignInFirst: false },
    });
    renderApp('/auth/login', { brand });
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with your password' })).toBeNull();
  });

  it('gives an agent sent to the legacy mode the code sign-in, with a word on why', async () => {
    const fetch = mockFetch({ 'POST /identity-broker/agent/api/v3/otp/start': noContent });
    const { user } = renderApp('/auth/login?audience=agent&signInMode=legacy');
    expect(await screen.findByText(/Agents have no password sign-in/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email address/), 'agent@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to agent@example.com/)).toBeVisible();
    expect(bodySentTo(fetch, 'POST /identity-broker/agent/api/v3/otp/start')).toEqual({
      email: 'agent@example.com',
      nonce: expect.any(String),
    });
  });
});

describe('/auth/login?undoEmailChange=…: undoing a change of sign-in address', () => {
  const UNDO = 'POST /identity/api/v1/identity/alias/undo';
  const token = 'T'.repeat(43);

  it('restores the old address only when the person presses the button', async () => {
    const fetch = mockFetch({ [UNDO]: () => jsonResponse({ email: 'ada@example.com' }) });
    const { user } = renderApp(`/auth/login?undoEmailChange=${token}`);
    const button = await screen.findByRole('button', { name: 'Restore my old address' });
    expect(bodySentTo(fetch, UNDO)).toBeUndefined();
    await user.click(button);
    expect(
      await screen.findByText(/Your sign-in address is ada@example.com again/),
    ).toBeInTheDocument();
    expect(bodySentTo(fetch, UNDO)).toEqual({ token });
    expect(screen.getByRole('link', { name: 'Sign in with ada@example.com' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('shows the server’s words for a used or expired link', async () => {
    const message = 'This link has expired or was already used.';
    mockFetch({
      [UNDO]: () =>
        jsonResponse({ code: 'INVALID_TOKEN', message, fieldErrors: { token: [message] } }, 400),
    });
    const { user } = renderApp(`/auth/login?undoEmailChange=${token}`);
    await user.click(await screen.findByRole('button', { name: 'Restore my old address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
