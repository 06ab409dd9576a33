import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getFinalSteps,
  postMicroTransferConfirmation,
  type TApplication,
} from '@pledge/contract';
import {
  KRANG_STATE_POLL_MS,
  VERIFY_ERROR_RESET_MS,
  VERIFY_STATUS_REFETCH_MS,
  type TApplicationState,
} from '@pledge/domain';
import { telemetry } from '../../../telemetry/telemetry-client.js';
import { fakePollingTimers, settle } from '../../../test/fake-timers.js';
import { makeBrand } from '../../../test/fixtures.js';
import { callsTo, jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { LOADED } from '../../../test/loaded.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  makeOffer,
  signedIn,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
  TEST_APPLICATION_CALL,
} from '../../application/application-test-data.js';
import { makeCollateralInfo } from '../../collateral/collateral-test-data.js';
import { collateralNotFoundMessage } from '../../collateral/components/collateral-not-found.js';
import {
  COLLATERAL_RECEIVED_EVENT,
  LOAN_COMPLETE_EVENT,
} from '../hooks/use-completion-telemetry.js';
import { MICRO_TRANSFER_CHECKBOX_LABEL } from './micro-transfer-confirmation.js';

const PAGE = `${TEST_APP_PATH}/complete`;
const params = { appUuid: TEST_APP_UUID };
const SUPPORT_PHONE = '1-800-555-0142';
const CONFIRM = `POST ${buildPath(postMicroTransferConfirmation.path, params)}`;
const FINAL_STEPS = `GET ${buildPath(getFinalSteps.path, params)}`;

type THandler = Parameters<typeof mockFetch>[0][string];

function international(overrides: Partial<TApplication> = {}): TApplication {
  return makeApplication({
    isInternational: true,
    selectedOffer: makeOffer({ state: null, countryCode: 'GB' }),
    ...overrides,
  });
}

function serve(
  application: TApplication | (() => TApplication),
  handlers: Record<string, THandler> = {},
) {
  return mockFetch({
    ...signedInWithApplication(application),
    ...handlers,
  });
}

function showPage() {
  return renderApp(PAGE, { brand: makeBrand({ supportPhone: SUPPORT_PHONE }) });
}

async function showTracker() {
  const view = showPage();
  await screen.findByRole('list', { name: 'Loan progress' }, LOADED);
  return view;
}

/**
 * The tracker with every timer fake from the first render, the state poll's interval included:
 * a real one could fetch the next state in the middle of a step the test times.
 */
async function showTrackerOnFakeTimers() {
  fakePollingTimers();
  showPage();
  await settle(() => screen.queryByRole('list', { name: 'Loan progress' }) !== null);
  expect(screen.getByRole('list', { name: 'Loan progress' })).toBeVisible();
}

function steps(): string[] {
  return within(screen.getByRole('list', { name: 'Loan progress' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\d/, '') ?? '');
}

function currentStep(): string | undefined {
  return within(screen.getByRole('list', { name: 'Loan progress' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')
    ?.textContent?.replace(/^\d/, '');
}

beforeEach(() => {
  vi.spyOn(telemetry, 'trackEvent').mockResolvedValue();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the tracker of a new loan', () => {
  it.each<[string, TApplication, string[], string, RegExp]>([
    [
      'collateral awaited',
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      ['Application Complete', 'Collateral Received', 'Funds Disbursed'],
      'Application Complete',
      /must arrive within 5 calendar days of signing your loan agreement/,
    ],
    [
      'domestic, collateral being verified',
      makeApplication({ state: 'CRYPTO_FUNDING_VERIFY' }),
      ['Application Complete (completed)', 'Collateral Received', 'Funds Disbursed'],
      'Collateral Received',
      /ACH funds arrive in 3-5 business days/,
    ],
    [
      'domestic, funds being released',
      makeApplication({ state: 'MANUAL_FUNDING_RELEASE' }),
      ['Application Complete (completed)', 'Collateral Received', 'Funds Disbursed'],
      'Collateral Received',
      /releasing your funds by ACH\. ACH funds arrive in 3-5 business days/,
    ],
    [
      'international, collateral being verified',
      international({ state: 'CRYPTO_FUNDING_VERIFY' }),
      [
        'Application Complete (completed)',
        'Collateral Received',
        'Disbursement Verified',
        'Funds Disbursed',
      ],
      'Collateral Received',
      /small USDC test transfer to your wallet\. It arrives within 1-3 business days/,
    ],
    [
      'international, funds being released',
      international({ state: 'MANUAL_FUNDING_RELEASE' }),
      [
        'Application Complete (completed)',
        'Collateral Received (completed)',
        'Disbursement Verified',
        'Funds Disbursed',
      ],
      'Disbursement Verified',
      /full USDC disbursement follows within 1-3 business days/,
    ],
  ])('%s', async (_, application, expectedSteps, current, text) => {
    serve(application);
    await showTracker();
    expect(steps()).toEqual(expectedSteps);
    expect(currentStep()).toBe(current);
    expect(screen.getByText(text)).toBeVisible();
  });

  it('shows Funds Disbursed as current once complete, with a link to the dashboard', async () => {
    serve(makeApplication({ state: 'COMPLETE' }));
    const { user, router } = await showTracker();
    expect(currentStep()).toBe('Funds Disbursed');
    expect(screen.getByText(/ACH funds arrive in 3-5 business days/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'), LOADED);
  });

  it('asks for the disbursement account when the collateral came first, promising no funds', async () => {
    serve(makeApplication({ state: 'CRYPTO_FUNDING_VERIFY' }), {
      [FINAL_STEPS]: () =>
        jsonResponse(
          makeFinalSteps({ 'Review Agreements': 'COMPLETED', 'Post Collateral': 'COMPLETED' }),
        ),
    });
    await showTracker();
    expect(
      await screen.findByRole('heading', { name: 'Add your disbursement account' }, LOADED),
    ).toBeVisible();
    expect(screen.queryByText(/we send your funds to your bank account by ACH/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add your disbursement account' })).toHaveAttribute(
      'href',
      `${TEST_APP_PATH}/disbursement`,
    );
  });

  it('links back to the deposit address while the collateral is awaited', async () => {
    serve(makeApplication({ state: 'WAITING_FOR_COLLATERAL' }));
    await showTracker();
    expect(screen.getByRole('link', { name: 'View your deposit address' })).toHaveAttribute(
      'href',
      `${TEST_APP_PATH}/collateral`,
    );
  });

  it('says the collateral was not found a day after the borrower said it was sent', async () => {
    serve(
      makeApplication({
        state: 'WAITING_FOR_COLLATERAL',
        collateral: makeCollateralInfo({
          borrowerConfirmedAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
        }),
      }),
    );
    await showTracker();
    expect(screen.getByText(collateralNotFoundMessage(SUPPORT_PHONE))).toBeVisible();
  });
});

describe('the tracker of a renewal', () => {
  const renewal = (state: TApplicationState, remaining: string) =>
    makeApplication({
      state,
      isRollForward: true,
      rollForwardLoanDetails: {
        collateral: { coinQuantity: '0.4', type: 'BTC' },
        topUpAmount: { coinQuantity: '0.1', type: 'BTC' },
        remainingTopUpAmount: { coinQuantity: remaining, type: 'BTC' },
      },
    });

  it('shows Collateral Received while collateral is due, and Loan Renewed at the end', async () => {
    serve(renewal('COMPLETE', '0.1'));
    await showTracker();
    expect(steps()).toEqual([
      'Application Complete (completed)',
      'Collateral Received (completed)',
      'Loan Renewed',
    ]);
    expect(currentStep()).toBe('Loan Renewed');
    expect(
      screen.getByText('Your loan has been renewed. No new funds were disbursed.'),
    ).toBeVisible();
  });

  it('leaves Collateral Received out when no collateral is due', async () => {
    serve(renewal('COMPLETE', '0'));
    await showTracker();
    expect(steps()).toEqual(['Application Complete (completed)', 'Loan Renewed']);
    expect(currentStep()).toBe('Loan Renewed');
  });
});

describe('the USDC test transfer confirmation', () => {
  it('needs the box ticked, confirms once, then follows the state to the funds release', async () => {
    let state: TApplicationState = 'BORROWER_MICRO_DEPOSIT_CONFIRM';
    const fetch = serve(() => international({ state }), {
      [CONFIRM]: () => {
        state = 'MANUAL_FUNDING_RELEASE';
        return jsonResponse(international({ state }));
      },
    });
    await showTrackerOnFakeTimers();
    expect(currentStep()).toBe('Collateral Received');
    expect(screen.getByText(/We sent a test transfer of 1\.00 USDC to your wallet/)).toBeVisible();
    const box = screen.getByRole('checkbox', { name: MICRO_TRANSFER_CHECKBOX_LABEL });
    expect(box).toBeRequired();

    act(() => screen.getByRole('button', { name: 'Confirm test transfer' }).click());
    await settle(() => false);
    expect(box).toHaveAccessibleDescription('Error: Required');
    expect(callsTo(fetch, CONFIRM)).toHaveLength(0);

    act(() => box.click());
    act(() => screen.getByRole('button', { name: 'Confirm test transfer' }).click());
    await settle(() => screen.queryByRole('button', { name: 'Confirmed' }) !== null);
    act(() => screen.getByRole('button', { name: 'Confirmed' }).click());
    await settle(() => false);
    expect(callsTo(fetch, CONFIRM).map(([, init]) => init?.body)).toEqual(['{"confirmed":true}']);

    const fetchesBefore = callsTo(fetch, TEST_APPLICATION_CALL).length;
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_STATUS_REFETCH_MS - 1));
    expect(callsTo(fetch, TEST_APPLICATION_CALL)).toHaveLength(fetchesBefore);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The refetched application takes a few (fake) milliseconds to reach the page.
    await act(() => vi.advanceTimersByTimeAsync(50));
    await settle(() => screen.queryByRole('heading', { name: 'Disbursement verified' }) !== null);
    expect(callsTo(fetch, TEST_APPLICATION_CALL)).toHaveLength(fetchesBefore + 1);
    expect(currentStep()).toBe('Disbursement Verified');
    expect(
      screen.queryByRole('checkbox', { name: MICRO_TRANSFER_CHECKBOX_LABEL }),
    ).not.toBeInTheDocument();
  });

  it('shows Error for 1.5 s when the confirmation fails, then lets the borrower try again', async () => {
    const fetch = serve(international({ state: 'BORROWER_MICRO_DEPOSIT_CONFIRM' }), {
      [CONFIRM]: () =>
        jsonResponse({ code: 'NO_TEST_TRANSFER', message: 'No USDC test transfer yet.' }, 409),
    });
    await showTrackerOnFakeTimers();
    act(() => screen.getByRole('checkbox', { name: MICRO_TRANSFER_CHECKBOX_LABEL }).click());
    act(() => screen.getByRole('button', { name: 'Confirm test transfer' }).click());
    await settle(() => screen.queryByRole('button', { name: 'Error' }) !== null);
    expect(screen.getByRole('alert')).toHaveTextContent('No USDC test transfer yet.');
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_ERROR_RESET_MS - 1));
    expect(screen.getByRole('button', { name: 'Error' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Confirm test transfer' })).toBeVisible();
    expect(callsTo(fetch, CONFIRM)).toHaveLength(1);
  });

  it('is not offered to a domestic borrower', async () => {
    serve(makeApplication({ state: 'BORROWER_MICRO_DEPOSIT_CONFIRM' }));
    await showTracker();
    expect(
      screen.queryByRole('checkbox', { name: MICRO_TRANSFER_CHECKBOX_LABEL }),
    ).not.toBeInTheDocument();
  });
});

describe('polling and telemetry', () => {
  it('follows the state, reports each milestone once, and stops once complete', async () => {
    const trackEvent = vi.mocked(telemetry.trackEvent);
    const milestones = () =>
      trackEvent.mock.calls.map(([input]) => input).filter((input) => input.event !== 'PAGE_VIEW');
    let state: TApplicationState = 'WAITING_FOR_COLLATERAL';
    const fetch = serve(() => makeApplication({ state }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await showTracker();
    expect(currentStep()).toBe('Application Complete');
    expect(milestones()).toEqual([]);

    state = 'CRYPTO_FUNDING_VERIFY';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(() => expect(currentStep()).toBe('Collateral Received'), LOADED);
    expect(milestones()).toEqual([
      { event: COLLATERAL_RECEIVED_EVENT, applicationUuid: TEST_APP_UUID },
    ]);

    state = 'MANUAL_FUNDING_RELEASE';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(
      () => expect(screen.getByText(/releasing your funds by ACH/)).toBeVisible(),
      LOADED,
    );
    expect(milestones()).toHaveLength(1);

    state = 'COMPLETE';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(() => expect(currentStep()).toBe('Funds Disbursed'), LOADED);
    expect(milestones()).toEqual([
      { event: COLLATERAL_RECEIVED_EVENT, applicationUuid: TEST_APP_UUID },
      { event: LOAN_COMPLETE_EVENT, applicationUuid: TEST_APP_UUID },
    ]);

    const fetches = callsTo(fetch, TEST_APPLICATION_CALL).length;
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS * 3));
    expect(callsTo(fetch, TEST_APPLICATION_CALL)).toHaveLength(fetches);
    expect(milestones()).toHaveLength(2);
  });

  it('tells the borrower when the application was cancelled, and stops polling', async () => {
    const fetch = serve(makeApplication({ state: 'CANCELLED' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    showPage();
    expect(await screen.findByText('This application was cancelled', {}, LOADED)).toBeVisible();
    expect(screen.getByText(new RegExp(`contact support at ${SUPPORT_PHONE}`))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const fetches = callsTo(fetch, TEST_APPLICATION_CALL).length;
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS * 3));
    expect(callsTo(fetch, TEST_APPLICATION_CALL)).toHaveLength(fetches);
  });
});

describe('redirects and errors', () => {
  it.each<[TApplicationState, string]>([
    ['SIGN_DOCS', `${TEST_APP_PATH}/next-steps`],
    ['DECLINED', `${TEST_APP_PATH}/decline`],
    ['SOFT_CREDIT_FROZEN', `${TEST_APP_PATH}/credit-frozen`],
    ['OFFER_ACCEPTED', `${TEST_APP_PATH}/details`],
    ['PAID_OFF', `${TEST_APP_PATH}/collateral-release`],
  ])('%s goes to %s', async (state, target) => {
    serve(makeApplication({ state }));
    const { router } = showPage();
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
  });

  it('offers a retry when the application cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      ...signedIn(),
      [TEST_APPLICATION_CALL]: () => {
        calls += 1;
        return calls <= 1
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'Try again in a minute' }, 503)
          : jsonResponse(makeApplication({ state: 'COMPLETE' }));
      },
    });
    const { user } = showPage();
    expect(await screen.findByRole('button', { name: 'Try again' }, LOADED)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Loan progress' }, LOADED)).toBeVisible();
  });
});
