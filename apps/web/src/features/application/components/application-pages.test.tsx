import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildPath, getApplication, getFinalSteps, type TApplication } from '@pledge/contract';
import type { TApplicationState } from '@pledge/domain';
import { callsTo, jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  signedIn,
  signedInWithApplication,
  TEST_APP_UUID,
} from '../application-test-data.js';
import { STATE_PATH_KEY_PREFIX } from '../state-query-redirect.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const B = '/account/crypto-backed-loan';
const APP = `${B}/${TEST_APP_UUID}`;
const params = { appUuid: TEST_APP_UUID };
// A screen's code loads on its first visit in a test file, which can take a while.

function serve(application: TApplication) {
  return mockFetch({
    ...signedInWithApplication(application),
    [`GET ${buildPath(getFinalSteps.path, params)}`]: () => jsonResponse(makeFinalSteps()),
  });
}

describe('the refinancing-borrower redirect', () => {
  it.each(['details', 'next-steps', 'collateral', 'disclosures', 'credit-frozen', 'complete'])(
    'sends a refinancing borrower from /%s to the dashboard',
    async (page) => {
      serve(makeApplication({ isCelsiusRefi: true, state: 'SIGN_DOCS' }));
      const { router } = renderApp(`${APP}/${page}`);
      await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'), LOADED);
    },
  );

  it('lets a refinancing borrower open the documents of an application', async () => {
    serve(makeApplication({ isCelsiusRefi: true, state: 'SIGN_DOCS' }));
    const { router } = renderApp(`${APP}/documents?back=true`);
    expect(await screen.findByRole('heading', { level: 1 }, LOADED)).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${APP}/documents?back=true`);
  });

  it('lets any other borrower stay on the page', async () => {
    serve(makeApplication({ state: 'SIGN_DOCS' }));
    const { router } = renderApp(`${APP}/next-steps`);
    expect(await findPageHeading('Final steps')).toBeVisible();
    expect(currentUrl(router)).toBe(`${APP}/next-steps`);
  });

  it('says so when the application cannot be found, and leads to the dashboard', async () => {
    mockFetch(signedIn());
    renderApp(`${APP}/next-steps`);
    expect(await findPageHeading('Application not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('offers a retry when the application could not be loaded', async () => {
    let calls = 0;
    mockFetch({
      ...signedIn(),
      [`GET ${buildPath(getApplication.path, params)}`]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'The service is down' }, 503)
          : jsonResponse(makeApplication({ state: 'DECLINED' }));
      },
    });
    const { user } = renderApp(`${APP}/decline`);
    expect(await screen.findByText('The service is down', {}, LOADED)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPageHeading('We can’t approve your application')).toBeVisible();
  });
});

describe('the application entry', () => {
  it.each<[TApplicationState, boolean, string]>([
    ['CREATED', false, `${APP}/details`],
    ['CREATED', true, `${APP}/renew`],
    ['OFFER_ACCEPTED', false, `${APP}/details`],
    ['SOFT_CREDIT', false, `${APP}/details`],
    ['SIGN_DOCS', false, `${APP}/next-steps`],
    ['MANUAL_FUNDING_RELEASE', false, `${APP}/complete`],
    ['SOFT_CREDIT_LOCKED', false, `${APP}/credit-locked`],
    ['DECLINED', false, `${APP}/decline`],
    ['CANCELLED', false, '/dashboard'],
  ])('in %s (renewal: %s) leads to %s', async (state, isRollForward, target) => {
    serve(makeApplication({ state, isRollForward }));
    const { router } = renderApp(APP);
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
  });

  it('hands the application it fetched to the page it leads to, which does not ask again', async () => {
    const fetch = serve(makeApplication({ state: 'SIGN_DOCS' }));
    const { router } = renderApp(APP);
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    expect(await findPageHeading(/./)).toBeInTheDocument();
    expect(callsTo(fetch, `GET ${buildPath(getApplication.path, params)}`)).toHaveLength(1);
  });
});

describe('the state-query redirect', () => {
  const STATE = '0b7e6c1a-3f2d-4e5b-9a8c-7d6e5f4a3b2c';

  it('follows the path saved under the state query once, and forgets it', async () => {
    serve(makeApplication({ state: 'DECLINED' }));
    window.localStorage.setItem(`${STATE_PATH_KEY_PREFIX}${STATE}`, `${APP}/decline`);
    const { router } = renderApp(`${B}/faq?state=${STATE}`);
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/decline`), LOADED);
    expect(window.localStorage.getItem(`${STATE_PATH_KEY_PREFIX}${STATE}`)).toBeNull();
  });

  it('leaves a residence query alone', async () => {
    mockFetch({});
    window.localStorage.setItem(`${STATE_PATH_KEY_PREFIX}OH`, '/dashboard');
    const { router } = renderApp(`${B}/faq?state=OH`);
    expect(await screen.findByRole('heading', { level: 1 }, LOADED)).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${B}/faq?state=OH`);
  });

  it('does not follow a saved address of another site', async () => {
    mockFetch({});
    window.localStorage.setItem(`${STATE_PATH_KEY_PREFIX}${STATE}`, 'https://evil.example/');
    const { router } = renderApp(`${B}/faq?state=${STATE}`);
    expect(await screen.findByRole('heading', { level: 1 }, LOADED)).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${B}/faq?state=${STATE}`);
  });
});
