import { describe, expect, it, beforeEach, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  buildPath,
  getApplication,
  getFinalSteps,
  getProfile,
  getValidStates,
  type TApplication,
} from '@pledge/contract';
import {
  makeApplication,
  makeFinalSteps,
  signedIn,
  TEST_APP_UUID,
} from '../features/application/application-test-data.js';
import { browserNavigation } from '../features/session/browser-navigation.js';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../features/session/session-test-utils.js';
import { APP_UUID, EMPTY_PROFILE, VALID_STATES } from '../test/fixtures.js';
import { callsTo, jsonResponse, mockFetch } from '../test/mock-fetch.js';
import { currentUrl, renderApp } from '../test/render-app.js';
import { LOADED } from '../test/loaded.js';

const B = '/account/crypto-backed-loan';
const APP = `${B}/${TEST_APP_UUID}`;
const START_HEADING = 'Borrow funds against your crypto assets to get cash while you HODL';

// A screen's code loads on its first visit in this file, which can take a while.

beforeEach(() => {
  mockFetch({
    [`GET ${getValidStates.path}`]: () => jsonResponse(VALID_STATES),
    ...figureInfoHandlers(TEST_IDENTITY, 'customer'),
    ...figureInfoHandlers(TEST_IDENTITY, 'agent'),
  });
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
});

/**
 * The page's heading is shown. Asked again until it is, not of one element found once: the screen
 * may mount twice as its prefetched chunk and data arrive, putting a new heading in the old one's
 * place between finding it and checking it.
 */
async function expectHeading(name: string) {
  await waitFor(
    () => expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument(),
    LOADED,
  );
}

/** A signed-in borrower whose application answers from its endpoints as `application`. */
function serveApplication(application: TApplication) {
  const params = { appUuid: application.appUuid };
  mockFetch({
    ...signedIn(),
    [`GET ${buildPath(getApplication.path, params)}`]: () => jsonResponse(application),
    [`GET ${buildPath(getFinalSteps.path, params)}`]: () => jsonResponse(makeFinalSteps()),
    [`GET ${getProfile.path}`]: () => jsonResponse(EMPTY_PROFILE),
  });
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
    [`${B}/celsius-refi`, 'Refinance your Celsius loans', 'Refinance your Celsius loans'],
    [`${B}/celsius-refi/complete`, 'Submitted loans', 'Submitted loans'],
    // The refinancing top-up and disclosures screens show their heading once the application
    // is loaded: features/refi/components/refi-pages.test.tsx renders them with that data.
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

describe('every page of an application', () => {
  it.each<[string, Partial<TApplication>, string, string]>([
    ['renew', { state: 'CREATED', isRollForward: true }, 'Renew your loan', 'Renew your loan'],
    ['details', { state: 'OFFER_ACCEPTED' }, 'Loan details', 'Loan details'],
    ['details/', { state: 'OFFER_ACCEPTED' }, 'Loan details', 'Loan details'],
    ['next-steps', { state: 'SIGN_DOCS' }, 'Final steps', 'Final steps'],
    ['collateral', { state: 'WAITING_FOR_COLLATERAL' }, 'Post collateral', 'Post collateral'],
    ['identity', { state: 'SIGN_DOCS' }, 'Upload ID', 'Upload ID'],
    [
      'disclosures',
      { state: 'SIGN_DOCS' },
      'Review and sign documents',
      'Review and sign documents',
    ],
    [
      'usdc-disbursement',
      { state: 'SIGN_DOCS', isInternational: true },
      'Enter your USDC wallet',
      'USDC disbursement',
    ],
    [
      'disbursement',
      { state: 'SIGN_DOCS' },
      'Where should we send your loan funds?',
      'Disbursement account',
    ],
    [
      'disbursement/link-account',
      { state: 'SIGN_DOCS' },
      'Link your bank account',
      'Link your bank account',
    ],
    [
      'disbursement/manually-link',
      { state: 'SIGN_DOCS' },
      'Enter your bank account details',
      'Enter your bank account details',
    ],
    [
      'disbursement/choose-account',
      { state: 'SIGN_DOCS' },
      'Choose your account',
      'Choose your account',
    ],
    ['complete', { state: 'COMPLETE' }, 'Application status', 'Application status'],
    ['documents', { state: 'COMPLETE' }, 'Documents', 'Documents'],
    ['collateral-release', { state: 'PAID_OFF' }, 'Collateral release', 'Collateral release'],
    [
      'credit-frozen',
      { state: 'SOFT_CREDIT_FROZEN' },
      'Your credit file is frozen',
      'Your credit file is frozen',
    ],
    [
      'credit-locked',
      { state: 'SOFT_CREDIT_LOCKED' },
      'Your credit file is locked',
      'Your credit file is locked',
    ],
    [
      'credit-no-match',
      { state: 'SOFT_CREDIT_NO_MATCH' },
      'We couldn’t find your credit file',
      'We couldn’t find your credit file',
    ],
    ['decline', { state: 'DECLINED' }, 'We can’t approve your application', 'Application declined'],
  ])(
    '/{appUuid}/%s of an application %o shows "%s" titled "%s"',
    async (page, application, heading, title) => {
      serveApplication(makeApplication(application));
      const url = `${APP}/${page}`;
      const { router } = renderApp(url);
      await expectHeading(heading);
      expect(currentUrl(router)).toBe(url);
      await waitFor(() => expect(document.title).toBe(`${title} | Harbor Credit Partners`));
    },
  );

  it('/{appUuid} has no page of its own: it leads to the page for the application state', async () => {
    serveApplication(makeApplication({ state: 'SIGN_DOCS' }));
    const { router } = renderApp(APP);
    await expectHeading('Final steps');
    expect(currentUrl(router)).toBe(`${APP}/next-steps`);
    await waitFor(() => expect(document.title).toBe('Final steps | Harbor Credit Partners'));
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

describe('a signed-in page asks for its data beside the session check', () => {
  it('fetches the application while the sign-in is checked, and shows it only once confirmed', async () => {
    let confirmSession: () => void = () => undefined;
    const sessionAnswered = new Promise<void>((resolve) => {
      confirmSession = resolve;
    });
    const application = makeApplication({ state: 'SIGN_DOCS' });
    const params = { appUuid: application.appUuid };
    const session = figureInfoHandlers(TEST_IDENTITY);
    const fetch = mockFetch({
      // The session check answers only when the test says so.
      ...Object.fromEntries(
        Object.entries(session).map(([key, answer]) => [key, () => sessionAnswered.then(answer)]),
      ),
      [`GET ${buildPath(getApplication.path, params)}`]: () => jsonResponse(application),
      [`GET ${buildPath(getFinalSteps.path, params)}`]: () => jsonResponse(makeFinalSteps()),
    });
    storeTestSession('customer');
    renderApp(`${B}/${application.appUuid}/next-steps`);
    const applicationCalls = () => callsTo(fetch, `GET ${buildPath(getApplication.path, params)}`);
    await waitFor(() => expect(applicationCalls()).toHaveLength(1), LOADED);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByRole('heading', { level: 1, name: 'Final steps' })).toBeNull();

    confirmSession();
    await expectHeading('Final steps');
    // The answer fetched for this visit is the page's: not asked for a second time.
    expect(applicationCalls()).toHaveLength(1);
  });

  it("asks for nothing with another audience's token: the page sends to sign in", async () => {
    const fetch = mockFetch({ ...figureInfoHandlers(TEST_IDENTITY, 'agent') });
    storeTestSession('agent');
    renderApp(`${APP}/next-steps`);
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalled(), LOADED);
    expect(
      callsTo(fetch, `GET ${buildPath(getApplication.path, { appUuid: TEST_APP_UUID })}`),
    ).toHaveLength(0);
  });
});
