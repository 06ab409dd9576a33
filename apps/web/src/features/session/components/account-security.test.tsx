import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteIdentitySession,
  getIdentitySessions,
  postIdentityAliasConfirm,
  postIdentitySessionsEnd,
  postIdentityStepUp,
  putIdentityAlias,
  type TGetIdentitySessionsResponse,
} from '@pledge/contract';
import { getToken } from '../../../api/token.js';
import { bodySentTo, callsTo, jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { browserNavigation } from '../browser-navigation.js';
import { storeTestSession } from '../session-test-utils.js';
import { ChangeEmailForm } from './change-email-form.js';
import { SessionsPanel } from './sessions-panel.js';
import { TestProviders } from '../../../test/providers.js';

const PUT_ALIAS = `PUT ${putIdentityAlias.path}`;
const STEP_UP = `POST ${postIdentityStepUp.path}`;
const CONFIRM = `POST ${postIdentityAliasConfirm.path}`;

/** The legacy identity both address calls answer (the address as it is until confirmed). */
const LEGACY_IDENTITY = {
  uuid: '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b',
  aliases: [{ type: 'Email', value: 'ada@example.com' }],
  passwordExpired: false,
  twoFactorEnabled: false,
  totpVerified: false,
  updatedDate: '2026-03-01T12:00:00.000Z',
};

const SESSIONS: TGetIdentitySessionsResponse = {
  sessions: [
    {
      sessionId: 'phone-session-0000001',
      startedAt: '2026-03-02T09:00:00.000Z',
      lastSeenAt: '2026-03-02T10:00:00.000Z',
      deviceLabel: 'Safari on iOS',
      isCurrent: true,
    },
    {
      sessionId: 'laptop-session-000001',
      startedAt: '2026-03-01T09:00:00.000Z',
      lastSeenAt: '2026-03-01T10:00:00.000Z',
      deviceLabel: 'Firefox on Windows',
      isCurrent: false,
    },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('changing the sign-in address', () => {
  it('asks the step-up the server names, then the code sent to the new address', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      [STEP_UP]: () => jsonResponse({ method: 'email-code' }),
      [PUT_ALIAS]: () => jsonResponse(LEGACY_IDENTITY),
      [CONFIRM]: () => jsonResponse(LEGACY_IDENTITY),
    });
    render(<ChangeEmailForm currentEmail="ada@example.com" />, { wrapper: TestProviders });
    expect(screen.getByText('You sign in with ada@example.com.')).toBeVisible();

    await user.type(screen.getByLabelText(/New sign-in address/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    const proof = await screen.findByLabelText(/Code sent to your current address/);
    expect(callsTo(fetch, PUT_ALIAS)).toHaveLength(0);

    await user.type(proof, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText(/Code sent to your new address/);
    expect(bodySentTo(fetch, PUT_ALIAS)).toEqual({
      type: 'Email',
      value: 'new@example.com',
      stepUpCode: '123456',
    });

    await user.type(screen.getByLabelText(/Code sent to your new address/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText(/You now sign in with new@example.com/)).toBeVisible();
    expect(bodySentTo(fetch, CONFIRM)).toEqual({
      type: 'Email',
      value: 'new@example.com',
      code: '654321',
    });
  });

  it('shows the devices again once the change has ended the other sessions', async () => {
    const user = userEvent.setup();
    const LIST = `GET ${getIdentitySessions.path}`;
    let listed = 0;
    const fetch = mockFetch({
      [LIST]: () => {
        listed += 1;
        return jsonResponse(listed === 1 ? SESSIONS : { sessions: SESSIONS.sessions.slice(0, 1) });
      },
      [STEP_UP]: () => jsonResponse({ method: 'email-code' }),
      [PUT_ALIAS]: () => jsonResponse(LEGACY_IDENTITY),
      [CONFIRM]: () => jsonResponse(LEGACY_IDENTITY),
    });
    render(
      <>
        <ChangeEmailForm currentEmail="ada@example.com" />
        <SessionsPanel />
      </>,
      { wrapper: TestProviders },
    );
    expect(await screen.findByText('Firefox on Windows')).toBeVisible();
    await user.type(screen.getByLabelText(/New sign-in address/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    await user.type(await screen.findByLabelText(/Code sent to your current address/), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/Code sent to your new address/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await screen.findByText(/You now sign in with new@example.com/);
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(callsTo(fetch, LIST)).not.toHaveLength(0);
  });

  it("asks for the password of an account that has one, and shows the server's refusal on it", async () => {
    const user = userEvent.setup();
    const message = 'That password is not right.';
    const fetch = mockFetch({
      [STEP_UP]: () => jsonResponse({ method: 'password' }),
      [PUT_ALIAS]: () =>
        jsonResponse(
          { code: 'INVALID_STEP_UP', message, fieldErrors: { password: [message] } },
          400,
        ),
    });
    render(<ChangeEmailForm currentEmail="ada@example.com" />, { wrapper: TestProviders });
    await user.type(screen.getByLabelText(/New sign-in address/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change address' }));

    const password = await screen.findByLabelText(/Your password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your password')).toBeVisible();
    expect(callsTo(fetch, PUT_ALIAS)).toHaveLength(0);

    await user.type(password, 'pass_bad');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(bodySentTo(fetch, PUT_ALIAS)).toMatchObject({ password: 'pass_bad' });
  });

  it('checks the new address before asking anything', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({});
    render(<ChangeEmailForm currentEmail={null} />, { wrapper: TestProviders });
    await user.type(screen.getByLabelText(/New sign-in address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the sessions panel', () => {
  it('lists the devices, marks this one, and signs out another', async () => {
    const user = userEvent.setup();
    storeTestSession();
    const fetch = mockFetch({
      [`GET ${getIdentitySessions.path}`]: () => jsonResponse(SESSIONS),
      [`DELETE ${deleteIdentitySession.path.replace(':sessionId', 'laptop-session-000001')}`]: () =>
        new Response(null, { status: 204 }),
    });
    render(<SessionsPanel />, { wrapper: TestProviders });

    const items = await screen.findAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByText(/on/, { selector: 'strong' }).textContent),
    ).toEqual(['Safari on iOS', 'Firefox on Windows']);
    expect(within(items[0]!).getByText('(this device)')).toBeVisible();
    expect(within(items[0]!).queryByRole('button')).toBeNull();

    await user.click(
      within(items[1]!).getByRole('button', { name: /Sign out Firefox on Windows/ }),
    );
    await waitFor(() =>
      expect(
        callsTo(fetch, 'DELETE /identity/secure/api/v1/identity/sessions/laptop-session-000001'),
      ).not.toHaveLength(0),
    );
  });

  it('asks before signing out everywhere, then leaves with nothing stored', async () => {
    const user = userEvent.setup();
    storeTestSession();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const fetch = mockFetch({
      [`GET ${getIdentitySessions.path}`]: () => jsonResponse(SESSIONS),
      [`POST ${postIdentitySessionsEnd.path}`]: () =>
        jsonResponse({ redirectUrl: '/auth/login?audience=customer' }),
    });
    render(<SessionsPanel />, { wrapper: TestProviders });
    await screen.findAllByRole('listitem');

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    expect(callsTo(fetch, `POST ${postIdentitySessionsEnd.path}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetch, `POST ${postIdentitySessionsEnd.path}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/login?audience=customer'));
    expect(getToken()).toBeNull();
  });
});
