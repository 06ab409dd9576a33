import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  getBankLinkAuth,
  getSandboxBankLinkInstitutions,
  postBankLinkExchange,
  postBankLinkToken,
  postSandboxBankLinkPublicToken,
  postStoreLinkError,
  type TPostBankLinkTokenResponse,
} from '@pledge/contract';
import { bodySentTo, callsTo, jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { TEST_APP_UUID } from '../../application/application-test-data.js';
import { BANK_LINK_APP_UUID_KEY, BANK_LINK_TOKEN_KEY } from '../bank-link-resume.js';
import {
  APP,
  applicationHandlers,
  LOADED,
  makeItem,
  PLATYPUS,
  signInAtTestBank,
  stubPlaid,
  type TPlaidConfig,
  TARTAN,
} from '../testing/disbursement-test-data.js';

const LINK_TOKEN = 'link-sandbox-abc.signature';
const PUBLIC_TOKEN = 'public-sandbox-xyz.signature';

function token(provider: TPostBankLinkTokenResponse['provider']) {
  return jsonResponse({
    linkToken: LINK_TOKEN,
    expiration: '2030-01-01T00:00:00.000Z',
    provider,
  } satisfies TPostBankLinkTokenResponse);
}

function serveSandbox(overrides: Record<string, () => Response> = {}) {
  return mockFetch({
    ...applicationHandlers(),
    [`POST ${postBankLinkToken.path}`]: () => token('sandbox'),
    [`GET ${getSandboxBankLinkInstitutions.path}`]: () =>
      jsonResponse({ institutions: [PLATYPUS, TARTAN] }),
    [`POST ${postSandboxBankLinkPublicToken.path}`]: () =>
      jsonResponse({ publicToken: PUBLIC_TOKEN }),
    [`POST ${postBankLinkExchange.path}`]: () => jsonResponse({ item: makeItem('PENDING') }),
    [`POST ${postStoreLinkError.path}`]: () => new Response(null, { status: 204 }),
    [`GET ${getBankLinkAuth.path}`]: () => jsonResponse({ items: [makeItem('PENDING')] }),
    ...overrides,
  });
}

async function openPicker() {
  const view = renderApp(`${APP}/disbursement/link-account`);
  const dialog = await screen.findByRole('dialog', { name: 'Select your bank' }, LOADED);
  return { ...view, dialog };
}

describe('linking a bank with the sandbox picker', () => {
  it('signs in at a test bank, exchanges the public token and goes on to choose the account', async () => {
    const fetch = serveSandbox();
    const { user, router, dialog } = await openPicker();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Link your bank account' }),
    ).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Tartan Bank' }));
    expect(
      screen.getByRole('dialog', { name: 'Sign in to Tartan Bank' }),
    ).toHaveAccessibleDescription(/user_good.*pass_good/);
    await signInAtTestBank(user, dialog);

    await waitFor(
      () => expect(currentUrl(router)).toBe(`${APP}/disbursement/choose-account`),
      LOADED,
    );
    expect(bodySentTo(fetch, `POST ${postSandboxBankLinkPublicToken.path}`)).toEqual({
      linkToken: LINK_TOKEN,
      institutionId: TARTAN.institutionId,
      username: 'user_good',
      password: 'pass_good',
    });
    expect(bodySentTo(fetch, `POST ${postBankLinkExchange.path}`)).toMatchObject({
      appUuid: TEST_APP_UUID,
      publicToken: PUBLIC_TOKEN,
      metadata: { institution: TARTAN, accounts: [] },
    });
    expect(bodySentTo(fetch, `POST ${postBankLinkToken.path}`)).toEqual({
      appUuid: TEST_APP_UUID,
    });
  });

  it('asks for both credentials and shows the bank’s refusal of wrong ones', async () => {
    serveSandbox({
      [`POST ${postSandboxBankLinkPublicToken.path}`]: () =>
        jsonResponse(
          {
            code: 'INVALID_CREDENTIALS',
            message: 'The provided credentials were not correct. Please try again.',
          },
          400,
        ),
    });
    const { user, router, dialog } = await openPicker();
    await user.click(await within(dialog).findByRole('button', { name: 'Tartan Bank' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByText('Please enter the username.')).toBeVisible();
    expect(within(dialog).getByText('Please enter the password.')).toBeVisible();

    await signInAtTestBank(user, dialog, 'wrong');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The provided credentials were not correct. Please try again.',
    );
    expect(within(dialog).getByLabelText(/Password/)).toHaveValue('');
    expect(currentUrl(router)).toBe(`${APP}/disbursement/link-account`);
  });

  it('records the exit with the last error, then offers to link again or type the account in', async () => {
    const fetch = serveSandbox({
      [`POST ${postSandboxBankLinkPublicToken.path}`]: () =>
        jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'Wrong credentials.' }, 400),
    });
    const { user, dialog } = await openPicker();
    await user.click(await within(dialog).findByRole('button', { name: 'Tartan Bank' }));
    await user.type(within(dialog).getByLabelText(/Username/), 'user_bad');
    await user.type(within(dialog).getByLabelText(/Password/), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Close bank linking' }));

    expect(await screen.findByText('Your bank was not linked.')).toBeVisible();
    await waitFor(() => expect(callsTo(fetch, `POST ${postStoreLinkError.path}`)).toHaveLength(1));
    expect(bodySentTo(fetch, `POST ${postStoreLinkError.path}`)).toMatchObject({
      appUuid: TEST_APP_UUID,
      linkError: { errorCode: 'INVALID_CREDENTIALS', displayMessage: 'Wrong credentials.' },
      linkErrorMetadata: { institution: TARTAN, status: 'requires_credentials' },
    });
    expect(screen.getByRole('link', { name: 'Enter account details manually' })).toHaveAttribute(
      'href',
      `${APP}/disbursement/manually-link`,
    );
    await user.click(screen.getByRole('button', { name: 'Link a bank account' }));
    expect(await screen.findByRole('dialog', { name: 'Select your bank' })).toBeVisible();
  });

  it('says something unexpected happened when the exchange fails', async () => {
    serveSandbox({
      [`POST ${postBankLinkExchange.path}`]: () =>
        jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503),
    });
    const { user, dialog } = await openPicker();
    await user.click(await within(dialog).findByRole('button', { name: 'First Platypus Bank' }));
    await signInAtTestBank(user, dialog);
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Something unexpected happened. Try again',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says something unexpected happened when no link token can be had', async () => {
    serveSandbox({
      [`POST ${postBankLinkToken.path}`]: () =>
        jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503),
    });
    renderApp(`${APP}/disbursement/link-account`);
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Something unexpected happened. Try again',
    );
    expect(screen.getByRole('link', { name: 'Enter account details manually' })).toBeVisible();
  });
});

describe('linking a bank with Plaid Link', () => {
  it('opens Plaid with the token, keeps the application for an OAuth resume, and exchanges', async () => {
    const { create, handler } = stubPlaid();
    const fetch = serveSandbox({ [`POST ${postBankLinkToken.path}`]: () => token('plaid') });
    const { router } = renderApp(`${APP}/disbursement/link-account`);
    await waitFor(() => expect(handler.open).toHaveBeenCalled(), LOADED);
    const config = create.mock.calls.at(-1)?.[0] as TPlaidConfig;
    expect(config.token).toBe(LINK_TOKEN);
    expect(window.localStorage.getItem(BANK_LINK_APP_UUID_KEY)).toBe(TEST_APP_UUID);
    expect(window.localStorage.getItem(BANK_LINK_TOKEN_KEY)).toBe(LINK_TOKEN);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() =>
      config.onSuccess('public-plaid-1', {
        institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
        accounts: [
          { id: 'acc-1', name: 'Checking', mask: '0000', type: 'depository', subtype: 'checking' },
        ],
        link_session_id: 'session-1',
      }),
    );
    await waitFor(
      () => expect(currentUrl(router)).toBe(`${APP}/disbursement/choose-account`),
      LOADED,
    );
    expect(bodySentTo(fetch, `POST ${postBankLinkExchange.path}`)).toEqual({
      appUuid: TEST_APP_UUID,
      publicToken: 'public-plaid-1',
      metadata: {
        institution: TARTAN,
        accounts: [
          { id: 'acc-1', name: 'Checking', mask: '0000', type: 'depository', subtype: 'checking' },
        ],
        linkSessionId: 'session-1',
      },
    });
  });

  it('records Plaid’s exit error for support', async () => {
    const { create, handler } = stubPlaid();
    const fetch = serveSandbox({ [`POST ${postBankLinkToken.path}`]: () => token('plaid') });
    renderApp(`${APP}/disbursement/link-account`);
    await waitFor(() => expect(handler.open).toHaveBeenCalled(), LOADED);
    const config = create.mock.calls.at(-1)?.[0] as TPlaidConfig;
    act(() =>
      config.onExit(
        {
          error_type: 'ITEM_ERROR',
          error_code: 'INVALID_CREDENTIALS',
          error_message: 'the credentials were not correct',
          display_message: null,
        },
        {
          institution: null,
          status: 'requires_credentials',
          link_session_id: 's',
          request_id: 'r',
        },
      ),
    );
    expect(await screen.findByText('Your bank was not linked.')).toBeVisible();
    await waitFor(() => expect(callsTo(fetch, `POST ${postStoreLinkError.path}`)).toHaveLength(1));
    expect(bodySentTo(fetch, `POST ${postStoreLinkError.path}`)).toEqual({
      appUuid: TEST_APP_UUID,
      linkError: {
        errorType: 'ITEM_ERROR',
        errorCode: 'INVALID_CREDENTIALS',
        errorMessage: 'the credentials were not correct',
        displayMessage: null,
      },
      linkErrorMetadata: {
        institution: null,
        status: 'requires_credentials',
        linkSessionId: 's',
        requestId: 'r',
      },
    });
  });
});
