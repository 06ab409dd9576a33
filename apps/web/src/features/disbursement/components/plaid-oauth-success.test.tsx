import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  getSandboxBankLinkInstitutions,
  postBankLinkExchange,
  postSandboxBankLinkPublicToken,
  postStoreLinkError,
} from '@pledge/contract';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { signedIn, TEST_APP_UUID } from '../../application/application-test-data.js';
import { saveBankLinkResume } from '../bank-link-resume.js';
import {
  APP,
  applicationHandlers,
  LOADED,
  makeItem,
  PLATYPUS,
  signInAtTestBank,
  stubPlaid,
  TARTAN,
} from '../testing/disbursement-test-data.js';
import { findPageHeading } from '../../../test/loaded.js';

const RESUME_URL = '/account/crypto-backed-loan/plaid-oauth-success';

function serve() {
  return mockFetch({
    ...applicationHandlers(),
    [`POST ${postBankLinkExchange.path}`]: () => jsonResponse({ item: makeItem('PENDING') }),
    [`POST ${postStoreLinkError.path}`]: () => new Response(null, { status: 204 }),
  });
}

describe('resuming bank linking after the bank’s OAuth redirect', () => {
  it('goes to the dashboard without a saved application', async () => {
    mockFetch({ ...signedIn() });
    const { router } = renderApp(RESUME_URL);
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'), LOADED);
  });

  it('reopens Plaid with the saved token, then goes to that application’s accounts', async () => {
    saveBankLinkResume(TEST_APP_UUID, 'link-plaid-1');
    const { create, handler } = stubPlaid();
    const fetch = serve();
    const { router } = renderApp(RESUME_URL);
    expect(await findPageHeading('Finishing your bank link')).toBeVisible();
    await waitFor(() => expect(handler.open).toHaveBeenCalled(), LOADED);
    const config = create.mock.calls.at(-1)?.[0];
    expect(config?.token).toBe('link-plaid-1');
    expect(config?.receivedRedirectUri).toBe(window.location.href);

    act(() =>
      config?.onSuccess('public-plaid-2', {
        institution: { name: 'Tartan Bank', institution_id: 'ins_109511' },
        accounts: [],
        link_session_id: 'session-2',
      }),
    );
    await waitFor(
      () => expect(currentUrl(router)).toBe(`${APP}/disbursement/choose-account`),
      LOADED,
    );
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/bank-link/exchange'));
    expect(sentBody(call?.[1] ?? {})).toMatchObject({
      appUuid: TEST_APP_UUID,
      publicToken: 'public-plaid-2',
    });
  });

  it('goes to that application’s final steps when the borrower leaves, recording why', async () => {
    saveBankLinkResume(TEST_APP_UUID, 'link-plaid-1');
    const { create, handler } = stubPlaid();
    const fetch = serve();
    const { router } = renderApp(RESUME_URL);
    await waitFor(() => expect(handler.open).toHaveBeenCalled(), LOADED);
    act(() =>
      create.mock.calls.at(-1)?.[0].onExit(null, {
        institution: null,
        status: 'institution_not_found',
        link_session_id: 'session-3',
        request_id: null,
      }),
    );
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/storeLinkError'));
    expect(sentBody(call?.[1] ?? {})).toEqual({
      appUuid: TEST_APP_UUID,
      linkError: null,
      linkErrorMetadata: {
        institution: null,
        status: 'institution_not_found',
        linkSessionId: 'session-3',
        requestId: null,
      },
    });
  });

  describe('in the sandbox, with the in-app picker’s link token', () => {
    const LINK_TOKEN = 'link-sandbox-abc.signature';

    function serveSandbox() {
      return mockFetch({
        ...applicationHandlers(),
        [`GET ${getSandboxBankLinkInstitutions.path}`]: () =>
          jsonResponse({ institutions: [PLATYPUS, TARTAN] }),
        [`POST ${postSandboxBankLinkPublicToken.path}`]: () =>
          jsonResponse({ publicToken: 'public-sandbox-xyz.signature' }),
        [`POST ${postBankLinkExchange.path}`]: () => jsonResponse({ item: makeItem('PENDING') }),
        [`POST ${postStoreLinkError.path}`]: () => new Response(null, { status: 204 }),
      });
    }

    it('resumes in the picker, never loading Plaid, and goes on to the accounts', async () => {
      saveBankLinkResume(TEST_APP_UUID, LINK_TOKEN, 'sandbox');
      const { create } = stubPlaid();
      const fetch = serveSandbox();
      const { user, router } = renderApp(RESUME_URL);
      const dialog = await screen.findByRole('dialog', { name: 'Select your bank' }, LOADED);
      await user.click(await within(dialog).findByRole('button', { name: 'Tartan Bank' }));
      await signInAtTestBank(user, dialog);
      await waitFor(
        () => expect(currentUrl(router)).toBe(`${APP}/disbursement/choose-account`),
        LOADED,
      );
      expect(create).not.toHaveBeenCalled();
      const picked = fetch.mock.calls.find(([url]) => String(url).endsWith('/public-token'));
      expect(sentBody(picked?.[1] ?? {})).toMatchObject({ linkToken: LINK_TOKEN });
      const exchanged = fetch.mock.calls.find(([url]) =>
        String(url).endsWith('/bank-link/exchange'),
      );
      expect(sentBody(exchanged?.[1] ?? {})).toMatchObject({ appUuid: TEST_APP_UUID });
    });

    it('goes back to the final steps when the picker is closed', async () => {
      saveBankLinkResume(TEST_APP_UUID, LINK_TOKEN, 'sandbox');
      const fetch = serveSandbox();
      const { user, router } = renderApp(RESUME_URL);
      const dialog = await screen.findByRole('dialog', { name: 'Select your bank' }, LOADED);
      await user.click(within(dialog).getByRole('button', { name: 'Close bank linking' }));
      await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
      const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/storeLinkError'));
      expect(sentBody(call?.[1] ?? {})).toMatchObject({ appUuid: TEST_APP_UUID });
    });
  });
});
