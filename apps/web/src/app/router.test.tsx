import { describe, expect, it, beforeEach, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getValidStates } from '@pledge/contract';
import { browserNavigation } from '../features/session/browser-navigation.js';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../features/session/session-test-utils.js';
import { APP_UUID, OFFER_UUID, VALID_STATES } from '../test/fixtures.js';
import { jsonResponse, mockFetch } from '../test/mock-fetch.js';
import { currentUrl, renderApp } from '../test/render-app.js';

const B = '/account/crypto-backed-loan';
const START_HEADING = 'Borrow funds against your crypto assets to get cash while you HODL';

beforeEach(() => {
  mockFetch({
    [`GET ${getValidStates.path}`]: () => jsonResponse(VALID_STATES),
    ...figureInfoHandlers(TEST_IDENTITY, 'customer'),
    ...figureInfoHandlers(TEST_IDENTITY, 'agent'),
  });
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
});

async function expectHeading(name: string) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
}

describe('routing rules', () => {
  it.each([
    ['/start without a residence', `${B}/start`, `${B}/residency`],
    ['/start with an empty state', `${B}/start?state=`, `${B}/residency`],
    ['/start/ without a residence', `${B}/start/`, `${B}/residency`],
    ['the base path', B, `${B}/residency`],
    ['the base path with a slash', `${B}/`, `${B}/residency`],
    ['the site root', '/', `${B}/residency`],
    ['the base path with a state', `${B}?state=OH`, `${B}/start?state=OH`],
    ['an unknown page', `${B}/nowhere`, `${B}/residency`],
    ['an unknown page with a state', `${B}/nowhere?state=OH`, `${B}/start?state=OH`],
    ['an unknown path outside the app', '/somewhere/else', `${B}/residency`],
    ['an unknown page of an application', `${B}/${APP_UUID}/nowhere`, `${B}/${APP_UUID}`],
    ['a page of something that is not an id', `${B}/not-an-id/details`, `${B}/residency`],
    [
      'a refinancing page with a bad offer id',
      `${B}/celsius-refi/${APP_UUID}/offer-1/disclosures`,
      `${B}/residency`,
    ],
  ])('%s: %s ends on %s', async (_, from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(currentUrl(router)).toBe(to));
  });

  it.each([[`${B}/start?state=OH`], [`${B}/start/?state=OH`], [`${B}/start?countryCode=DE`]])(
    '%s stays on the offer page',
    async (url) => {
      const { router } = renderApp(url);
      await expectHeading(START_HEADING);
      expect(currentUrl(router)).toBe(url);
    },
  );
});

describe('every screen', () => {
  it.each([
    [`${B}/start?state=OH`, START_HEADING, 'Get a loan offer'],
    [`${B}/residency`, 'Where do you reside?', 'Where do you reside?'],
    [`${B}/residency/`, 'Where do you reside?', 'Where do you reside?'],
    [`${B}/faq`, 'Frequently asked questions', 'FAQ'],
    [`${B}/faq/`, 'Frequently asked questions', 'FAQ'],
    [`${B}/get-mobile-app`, 'Get the mobile app', 'Get the mobile app'],
    [`${B}/plaid-oauth-success`, 'Connecting your bank', 'Connecting your bank'],
    [`${B}/${APP_UUID}`, 'Your application', 'Your application'],
    [`${B}/${APP_UUID}/renew`, 'Renew your loan', 'Renew your loan'],
    [`${B}/${APP_UUID}/details`, 'Loan details', 'Loan details'],
    [`${B}/${APP_UUID}/details/`, 'Loan details', 'Loan details'],
    [`${B}/${APP_UUID}/next-steps`, 'Final steps', 'Final steps'],
    [`${B}/${APP_UUID}/collateral`, 'Post collateral', 'Post collateral'],
    [`${B}/${APP_UUID}/identity`, 'Upload ID', 'Upload ID'],
    [`${B}/${APP_UUID}/disclosures`, 'Review and sign documents', 'Review and sign documents'],
    [`${B}/${APP_UUID}/usdc-disbursement`, 'USDC disbursement', 'USDC disbursement'],
    [`${B}/${APP_UUID}/disbursement`, 'Disbursement account', 'Disbursement account'],
    [
      `${B}/${APP_UUID}/disbursement/link-account`,
      'Link your bank account',
      'Link your bank account',
    ],
    [
      `${B}/${APP_UUID}/disbursement/manually-link`,
      'Enter your bank details',
      'Enter your bank details',
    ],
    [`${B}/${APP_UUID}/disbursement/choose-account`, 'Choose an account', 'Choose an account'],
    [`${B}/${APP_UUID}/complete`, 'Application status', 'Application status'],
    [`${B}/${APP_UUID}/documents`, 'Documents', 'Documents'],
    [`${B}/${APP_UUID}/collateral-release`, 'Collateral release', 'Collateral release'],
    [`${B}/${APP_UUID}/credit-frozen`, 'Your credit is frozen', 'Credit frozen'],
    [`${B}/${APP_UUID}/credit-locked`, 'Your credit is locked', 'Credit locked'],
    [
      `${B}/${APP_UUID}/credit-no-match`,
      'We could not find your credit file',
      'Credit file not found',
    ],
    [`${B}/${APP_UUID}/decline`, 'Application declined', 'Application declined'],
    [`${B}/celsius-refi`, 'Refinance your Celsius loans', 'Refinance your Celsius loans'],
    [`${B}/celsius-refi/complete`, 'Submitted loans', 'Submitted loans'],
    [
      `${B}/celsius-refi/${APP_UUID}/${OFFER_UUID}/collateral-top-up`,
      'Deposit required collateral',
      'Deposit collateral',
    ],
    [
      `${B}/celsius-refi/${APP_UUID}/${OFFER_UUID}/disclosures`,
      'Review and sign your disclosures',
      'Review and sign your disclosures',
    ],
    ['/auth/login', 'Sign in', 'Sign in'],
    ['/dashboard', 'Dashboard', 'Dashboard'],
    ['/privacy', 'Privacy notice', 'Privacy notice'],
    ['/ops', 'Operations console', 'Operations console'],
  ])('%s shows "%s" titled "%s"', async (url, heading, title) => {
    // Signed in as the audience the page needs (an agent under /ops).
    storeTestSession(url.startsWith('/ops') ? 'agent' : 'customer');
    const { router } = renderApp(url);
    await expectHeading(heading);
    expect(currentUrl(router)).toBe(url);
    await waitFor(() => expect(document.title).toBe(`${title} | Harbor Credit Partners`));
  });
});

describe('the layout', () => {
  it('shows the brand in the header and its NMLS number and the year in the footer', async () => {
    renderApp(`${B}/faq`);
    await expectHeading('Frequently asked questions');
    expect(screen.getByRole('link', { name: 'Harbor Credit Partners' })).toHaveAttribute(
      'href',
      `${B}/start`,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('NMLS #1234567');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Harbor Credit Partners, Inc.`);
  });

  it('leaves focus alone on the first page load', async () => {
    renderApp(`${B}/faq`);
    await expectHeading('Frequently asked questions');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
  });

  it('moves focus to the new heading after a client-side navigation', async () => {
    const { user } = renderApp(`${B}/faq`);
    await expectHeading('Frequently asked questions');
    await user.click(screen.getByRole('link', { name: 'Harbor Credit Partners' }));
    await expectHeading('Where do you reside?');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
