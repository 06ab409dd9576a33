import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { getLoanStatus, getUserApps, type TApplication, type TLoanStatus } from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { makeApplication } from '../../application/application-test-data.js';
import { loanStatus } from '../../loan/loan-test-data.js';
import { browserNavigation } from '../../session/browser-navigation.js';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../../session/session-test-utils.js';

const APPS = `GET ${getUserApps.path}`;
const LOANS = `GET ${getLoanStatus.path}`;

function application(overrides: Partial<TApplication>): TApplication {
  return makeApplication({
    identityUuid: TEST_IDENTITY.uuid,
    state: 'SIGN_DOCS',
    stage: 'PROCESSING',
    offers: [],
    selectedOffer: null,
    createdAt: '2025-03-03T15:00:00.000Z',
    updatedAt: '2025-03-04T15:00:00.000Z',
    ...overrides,
  });
}

const LOAN: TLoanStatus = loanStatus();

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  storeTestSession();
});

/** A borrower with no application and no loan. */
function serveNothing() {
  mockFetch({
    ...figureInfoHandlers(),
    [APPS]: () => jsonResponse([]),
    [LOANS]: () => jsonResponse({ loans: [] }),
  });
}

describe('/dashboard', () => {
  it('lists loans and applications with their state in words and the right links', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () =>
        jsonResponse([
          application({ state: 'SIGN_DOCS' }),
          application({
            appUuid: '1b7f3a52-6c1d-4e2f-9a3b-4c5d6e7f8a9b',
            state: 'SOFT_CREDIT_FROZEN',
            stage: 'APPLYING',
          }),
          // The funded loan's own application shows once, as a loan.
          application({ appUuid: LOAN.appUuid, state: 'COMPLETE', stage: 'FINAL' }),
        ]),
      [LOANS]: () => jsonResponse({ loans: [LOAN] }),
    });
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, { timeout: 10_000 });
    expect(within(loans).getByRole('heading', { name: 'Loan of $20,250.00' })).toBeInTheDocument();
    expect(within(loans).getByText('Active loan')).toBeInTheDocument();
    expect(within(loans).getByText('8.910%')).toBeInTheDocument();
    expect(within(loans).getByText('9.823%')).toBeInTheDocument();
    expect(within(loans).getByText('Jan 10, 2026')).toBeInTheDocument();
    expect(within(loans).getByRole('link', { name: 'View documents' })).toHaveAttribute(
      'href',
      `/account/crypto-backed-loan/${LOAN.appUuid}/documents`,
    );

    const apps = screen.getByRole('region', { name: 'Your applications' });
    expect(within(apps).getAllByRole('listitem')).toHaveLength(2);
    expect(within(apps).getByText('Final steps: sign your loan documents')).toBeInTheDocument();
    expect(within(apps).getByRole('link', { name: 'Continue application' })).toHaveAttribute(
      'href',
      '/account/crypto-backed-loan/5f0c2b9e-3d4a-4c1b-9a7e-2b6d8f1e0c3a/next-steps',
    );
    expect(
      within(apps).getByRole('link', { name: 'See how to unfreeze your credit' }),
    ).toHaveAttribute(
      'href',
      '/account/crypto-backed-loan/1b7f3a52-6c1d-4e2f-9a3b-4c5d6e7f8a9b/credit-frozen',
    );
    expect(screen.getByRole('link', { name: 'Start an application' })).toBeInTheDocument();
  });

  it('shows each loan’s health, and a banner above the loans for one in a margin call', async () => {
    const atRisk: TLoanStatus = {
      ...LOAN,
      loanUuid: LOAN.appUuid,
      status: 'MARGIN_CALL',
      ltv: 80.8,
      warningLtv: 75,
      marginCallLtv: 80,
      liquidationLtv: 90,
      marginCallPrice: 25_312.5,
      liquidationPrice: 22_500,
      cureDeadline: '2999-01-01T00:00:00.000Z',
    };
    const healthy: TLoanStatus = {
      ...atRisk,
      appUuid: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      loanUuid: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      status: 'ACTIVE',
      ltv: 41.5,
      cureDeadline: null,
    };
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () => jsonResponse([]),
      [LOANS]: () => jsonResponse({ loans: [healthy, atRisk] }),
    });
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, { timeout: 10_000 });
    const [first, second] = within(loans).getAllByRole('listitem');
    expect(first).toHaveTextContent('LTV 41.50%Loan health: Healthy');
    expect(second).toHaveTextContent('LTV 80.80%Loan health: Margin call');
    const banners = screen.getByRole('region', { name: 'Loans that need your attention' });
    expect(within(banners).getByRole('alert')).toHaveTextContent(
      'Your loan of $20,250.00 is in a margin call',
    );
    expect(banners).toHaveTextContent('BTC at $25,312.50');
    expect(
      within(banners).getByRole('link', { name: 'Add collateral or pay down on your loan page' }),
    ).toHaveAttribute('href', `/account/crypto-backed-loan/loans/${LOAN.appUuid}`);
  });

  it('shows the adverse action notice of a declined application', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () => jsonResponse([application({ state: 'DECLINED', stage: 'APPLYING' })]),
      [LOANS]: () => jsonResponse({ loans: [] }),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText(/Adverse action notice: we could not approve this application/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Equal Credit Opportunity Act/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View decision' })).toBeInTheDocument();
  });

  it('invites a borrower without applications to start one', async () => {
    serveNothing();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'No loans or applications yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an application' })).toHaveAttribute(
      'href',
      '/account/crypto-backed-loan/start',
    );
  });

  it('shows loading, then an error with a retry that works', async () => {
    let answerApps: (answer: Response) => void = () => undefined;
    let appsAnswer = new Promise<Response>((resolve) => {
      answerApps = resolve;
    });
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () => appsAnswer,
      [LOANS]: () => jsonResponse({ loans: [] }),
    });
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Loading your loans and applications…')).toBeInTheDocument();
    // The account's settings wait below for the lists, which would push them down as they came.
    expect(screen.queryByRole('heading', { name: 'Sign-in address' })).toBeNull();
    answerApps(jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404));
    expect(
      await screen.findByText('We could not load your loans and applications.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign-in address' })).toBeInTheDocument();
    appsAnswer = Promise.resolve(jsonResponse([application({ state: 'SIGN_DOCS' })]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your applications' })).toBeInTheDocument();
  });

  it('retries a failed loan status fetch', async () => {
    let loanCalls = 0;
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () => jsonResponse([]),
      [LOANS]: () => {
        loanCalls += 1;
        return loanCalls < 3
          ? jsonResponse({ code: 'DOWN', message: 'Unavailable' }, 503)
          : jsonResponse({ loans: [LOAN] });
      },
    });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('region', { name: 'Your loans' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(loanCalls).toBe(3);
  }, 15_000);
});

describe('/dashboard after a deadline, and refinancings (issue 34, findings 7 and 8)', () => {
  it('says a matured loan is due and that its renewal closed, with no renewal to continue', async () => {
    const matured: TLoanStatus = {
      ...LOAN,
      status: 'MATURED',
      renewal: { opensOn: '2025-12-11', closesOn: '2026-01-10', isOpen: false, position: 'AFTER' },
    };
    const ended = application({
      appUuid: '3c4d5e6f-7081-4a92-8b03-c4d5e6f70819',
      state: 'CANCELLED',
      stage: 'FINAL',
      isRollForward: true,
      ending: { reason: 'MATURED', at: '2026-01-11T00:00:00.000Z' },
    });
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () => jsonResponse([ended]),
      [LOANS]: () => jsonResponse({ loans: [matured] }),
    });
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, { timeout: 10_000 });
    expect(within(loans).getByText(/^Matured on .*: due in full$/)).toBeInTheDocument();
    expect(within(loans).queryByText('Active loan')).toBeNull();
    expect(within(loans).getByText(/^Renewal closed on /)).toBeInTheDocument();
    expect(within(loans).queryByText(/Renewal opens on/)).toBeNull();
    expect(within(loans).queryByRole('button', { name: 'Renew' })).toBeNull();
    const applications = screen.getByRole('region', { name: 'Your applications' });
    expect(within(applications).getByText('Renewal not completed')).toBeInTheDocument();
    expect(
      within(applications).getByText(/not completed before your loan’s maturity date/),
    ).toBeInTheDocument();
    expect(within(applications).getByText(/Pay it off from its page/)).toBeInTheDocument();
    expect(within(applications).queryByRole('link', { name: 'Continue renewal' })).toBeNull();
  });

  it('says a renewal cancelled 5 days after signing what happened', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () =>
        jsonResponse([
          application({
            state: 'CANCELLED',
            stage: 'FINAL',
            isRollForward: true,
            ending: { reason: 'COLLATERAL_DEADLINE', at: '2025-03-10T00:00:00.000Z' },
          }),
        ]),
      [LOANS]: () => jsonResponse({ loans: [] }),
    });
    renderApp('/dashboard');
    const applications = await screen.findByRole(
      'region',
      { name: 'Your applications' },
      { timeout: 10_000 },
    );
    expect(within(applications).getByText('Renewal cancelled')).toBeInTheDocument();
    expect(within(applications).getByText(/within 5 calendar days of signing/)).toBeInTheDocument();
  });

  it('names each refinancing by its Celsius loan, and a refinanced loan’s status is its own page', async () => {
    const refinanced: TLoanStatus = { ...LOAN, loanType: 'REFINANCE' };
    mockFetch({
      ...figureInfoHandlers(),
      [APPS]: () =>
        jsonResponse([
          application({
            appUuid: refinanced.appUuid,
            state: 'COMPLETE',
            stage: 'FINAL',
            isCelsiusRefi: true,
            celsiusLoanNumbers: ['100001'],
          }),
          application({
            appUuid: '4d5e6f70-8192-4a03-9c14-d5e6f7081920',
            state: 'CELSIUS_WAITING_FOR_TOP_UP',
            isCelsiusRefi: true,
            celsiusLoanNumbers: ['100002'],
          }),
          application({
            appUuid: '5e6f7081-92a3-4b14-8d25-e6f708192a31',
            state: 'SIGN_DOCS',
            isCelsiusRefi: true,
            celsiusLoanNumbers: ['100003'],
          }),
        ]),
      [LOANS]: () => jsonResponse({ loans: [refinanced] }),
    });
    renderApp('/dashboard');
    const applications = await screen.findByRole(
      'region',
      { name: 'Your applications' },
      { timeout: 10_000 },
    );
    expect(
      within(applications).getByRole('heading', { name: 'Refinancing of Celsius loan 100002' }),
    ).toBeInTheDocument();
    expect(
      within(applications).getByRole('heading', { name: 'Refinancing of Celsius loan 100003' }),
    ).toBeInTheDocument();
    const loans = screen.getByRole('region', { name: 'Your loans' });
    expect(within(loans).getByText('Refinances Celsius loan 100001')).toBeInTheDocument();
    expect(within(loans).getByRole('link', { name: 'View loan status' })).toHaveAttribute(
      'href',
      '/account/crypto-backed-loan/celsius-refi/complete',
    );
  });

  it('leads a borrower without any application to refinancing too', async () => {
    serveNothing();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('link', { name: 'Refinance a Celsius loan' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/account/crypto-backed-loan/celsius-refi');
  });
});
