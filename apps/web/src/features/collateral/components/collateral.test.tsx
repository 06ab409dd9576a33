import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getBorrowerDocuments,
  getMicroDepositStatus,
  postCollateralBorrowerConfirmation,
  postCollateralCalculate,
  postCollateralSourceWalletType,
  postMicroDepositBorrowerConfirmation,
  type TCollateralInfo,
  type TMicroDepositStatus,
} from '@pledge/contract';
import {
  COLLATERAL_REFRESH_MAX_UPDATES,
  COLLATERAL_REFRESH_MS,
  collateralDeadlineAt,
  KRANG_STATE_POLL_MS,
  VERIFY_ERROR_RESET_MS,
  VERIFY_STATUS_REFETCH_MS,
  type TApplicationState,
} from '@pledge/domain';
import { fakePollingTimers, settle } from '../../../test/fake-timers.js';
import { makeBrand } from '../../../test/fixtures.js';
import { callsTo, jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  signedInWithApplication,
  TEST_APP_UUID,
  TEST_IDENTITY_UUID,
} from '../../application/application-test-data.js';
import { formatDeadline } from '../collateral-display.js';
import {
  DEPOSIT_ADDRESS,
  depositWallet,
  makeCollateralInfo,
  makeMicroDepositStatus,
  makeSignedDocument,
} from '../collateral-test-data.js';
import { collateralNotFoundMessage } from './collateral-not-found.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const APP = `/account/crypto-backed-loan/${TEST_APP_UUID}`;
const PAGE = `${APP}/collateral`;
const params = { appUuid: TEST_APP_UUID };
const SUPPORT_PHONE = '1-800-555-0142';
const HOUR_MS = 60 * 60 * 1000;

const CALCULATE = `POST ${buildPath(postCollateralCalculate.path, params)}`;
const WALLET_TYPE = `POST ${buildPath(postCollateralSourceWalletType.path, params)}`;
const CONFIRM = `POST ${buildPath(postCollateralBorrowerConfirmation.path, params)}`;
const STATUS = `GET ${buildPath(getMicroDepositStatus.path, params)}`;
const VERIFY = `POST ${buildPath(postMicroDepositBorrowerConfirmation.path, params)}`;
const DOCUMENTS = `GET ${buildPath(getBorrowerDocuments.path, {
  ...params,
  identityUuid: TEST_IDENTITY_UUID,
})}`;

type THandler = Parameters<typeof mockFetch>[0][string];

/** The amount shown beside a term of the page's summary. */
function amounts(term: string) {
  return screen.getByText(term).nextElementSibling?.textContent;
}

function serve({
  state = 'WAITING_FOR_COLLATERAL',
  isRollForward = false,
  collateral = () => makeCollateralInfo(),
  status = () => makeMicroDepositStatus(),
  handlers = {},
}: {
  state?: TApplicationState;
  isRollForward?: boolean;
  collateral?: () => TCollateralInfo;
  status?: () => TMicroDepositStatus;
  handlers?: Record<string, THandler>;
} = {}) {
  return mockFetch({
    ...signedInWithApplication(makeApplication({ state, stage: 'PROCESSING', isRollForward })),
    [CALCULATE]: () => jsonResponse(collateral()),
    [STATUS]: () => jsonResponse(status()),
    [DOCUMENTS]: () =>
      jsonResponse([
        makeSignedDocument('0b8f3c2e-1d4a-4e6b-9c7d-2a1b3c4d5e6f', '2025-03-01T12:00:00.000Z'),
        makeSignedDocument('1c9f4d3e-2e5b-4f7c-8d8e-3b2c4d5e6f70', '2025-03-01T15:30:00.000Z'),
      ]),
    ...handlers,
  });
}

function showPage() {
  return renderApp(PAGE, { brand: makeBrand({ supportPhone: SUPPORT_PHONE }) });
}

async function showCollateral() {
  const view = showPage();
  await findPageHeading('Post collateral');
  return view;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('what to send and where', () => {
  it('shows the amounts, the full deposit address with its QR code, and the coin warning', async () => {
    serve({
      collateral: () =>
        makeCollateralInfo({
          remainingCoinAmountDue: { coinQuantity: '0.15', type: 'BTC' },
          wallet: depositWallet('0.25'),
        }),
    });
    await showCollateral();
    expect(amounts('Required collateral')).toBe('0.4 BTC');
    expect(amounts('Remaining due')).toBe('0.15 BTC');
    expect(amounts('Received so far')).toBe('0.25 BTC');
    expect(screen.getByText(DEPOSIT_ADDRESS)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy deposit address' })).toBeVisible();
    expect(
      await screen.findByRole('img', { name: 'QR code of your deposit address' }, LOADED),
    ).toBeVisible();
    expect(screen.getByText('Send only Bitcoin (BTC) to this address')).toBeVisible();
  });

  it('counts for a renewal what came for its top-up, not the loan’s own coins on the address', async () => {
    serve({
      isRollForward: true,
      collateral: () =>
        makeCollateralInfo({
          requiredCoinAmount: { coinQuantity: '1', type: 'BTC' },
          remainingCoinAmountDue: { coinQuantity: '0.6', type: 'BTC' },
          wallet: depositWallet('1.672728'),
        }),
    });
    await showCollateral();
    expect(amounts('Required collateral')).toBe('1 BTC');
    expect(amounts('Remaining due')).toBe('0.6 BTC');
    expect(amounts('Received for your top-up')).toBe('0.4 BTC');
    expect(screen.queryByText('Received so far')).toBeNull();
  });

  it('gives the deadline: 5 calendar days after the last signature', async () => {
    serve();
    await showCollateral();
    const deadline = formatDeadline(collateralDeadlineAt('2025-03-01T15:30:00.000Z'));
    expect(
      await screen.findByText(`Send your collateral by ${deadline}.`, {}, LOADED),
    ).toBeVisible();
    expect(
      screen.getByText(/must arrive within 5 calendar days of signing your loan agreement/),
    ).toBeVisible();
  });

  it('copies the address and says Copied for 2 s', async () => {
    serve();
    await showCollateral();
    // After the render: the test's user-event set-up puts its own clipboard in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakePollingTimers();
    await act(async () => {
      screen.getByRole('button', { name: 'Copy deposit address' }).click();
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(DEPOSIT_ADDRESS);
    expect(screen.getByRole('button', { name: 'Copied deposit address' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('button', { name: 'Copy deposit address' })).toBeVisible();
  });

  it('lists the transactions with their time, type and amount to 4 decimals', async () => {
    serve({
      collateral: () =>
        makeCollateralInfo({
          wallet: depositWallet('0.12345678', [
            {
              transactionTime: '2025-03-02T10:00:00.000Z',
              transactionType: 'DEPOSIT',
              transactionAmount: '0.12345678',
              transactionHash: 'a1',
              confirmed: true,
            },
            {
              transactionTime: '2025-03-03T10:00:00.000Z',
              transactionType: 'DEPOSIT',
              transactionAmount: '0.2',
              transactionHash: 'b2',
              confirmed: false,
            },
          ]),
        }),
    });
    await showCollateral();
    const table = screen.getByRole('table', { name: 'Transactions on your deposit address' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(rows).toEqual([
      [format.format(new Date('2025-03-03T10:00:00.000Z')), 'DepositPending', '0.2000 BTC'],
      [format.format(new Date('2025-03-02T10:00:00.000Z')), 'Deposit', '0.1235 BTC'],
    ]);
  });
});

describe('the deposit address refresh', () => {
  it(`asks again every ${COLLATERAL_REFRESH_MS} ms until the wallet appears`, async () => {
    let answers = 0;
    const fetch = serve({
      collateral: () => {
        answers += 1;
        return makeCollateralInfo(answers < 3 ? { wallet: null } : {});
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    showPage();
    expect(await screen.findByText('Creating your deposit address…', {}, LOADED)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(COLLATERAL_REFRESH_MS));
    await act(() => vi.advanceTimersByTimeAsync(COLLATERAL_REFRESH_MS));
    expect(await screen.findByText(DEPOSIT_ADDRESS, {}, LOADED)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(COLLATERAL_REFRESH_MS * 3));
    expect(callsTo(fetch, CALCULATE)).toHaveLength(3);
  });

  it(`follows deposits as they arrive, every ${KRANG_STATE_POLL_MS} ms, until nothing is due`, async () => {
    let received = '0';
    const fetch = serve({
      collateral: () =>
        makeCollateralInfo({
          remainingCoinAmountDue: {
            coinQuantity: received === '0.4' ? '0' : received === '0' ? '0.4' : '0.2',
            type: 'BTC',
          },
          wallet: depositWallet(received),
        }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    showPage();
    const remaining = () => screen.getByText('Remaining due').nextElementSibling;
    await waitFor(() => expect(remaining()).toHaveTextContent('0.4 BTC'), LOADED);

    received = '0.2';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(() => expect(remaining()).toHaveTextContent('0.2 BTC'));
    expect(screen.getByText('Received so far').nextElementSibling).toHaveTextContent('0.2 BTC');

    received = '0.4';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(() => expect(remaining()).toHaveTextContent(/^0 BTC|0\.0+ BTC/));
    const calls = callsTo(fetch, CALCULATE).length;
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS * 3));
    expect(callsTo(fetch, CALCULATE)).toHaveLength(calls);
  });

  it(`stops after ${COLLATERAL_REFRESH_MAX_UPDATES} updates and offers a retry`, async () => {
    const fetch = serve({ collateral: () => makeCollateralInfo({ wallet: null }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = showPage();
    expect(await screen.findByText('Creating your deposit address…', {}, LOADED)).toBeVisible();
    for (let update = 0; update < COLLATERAL_REFRESH_MAX_UPDATES + 3; update += 1) {
      await act(() => vi.advanceTimersByTimeAsync(COLLATERAL_REFRESH_MS));
    }
    expect(callsTo(fetch, CALCULATE)).toHaveLength(1 + COLLATERAL_REFRESH_MAX_UPDATES);
    expect(screen.getByText('Your deposit address isn’t ready yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(callsTo(fetch, CALCULATE).length).toBeGreaterThan(1 + COLLATERAL_REFRESH_MAX_UPDATES),
    );
    expect(callsTo(fetch, CALCULATE)).toHaveLength(2 + COLLATERAL_REFRESH_MAX_UPDATES);
  });
});

describe('confirming the deposit', () => {
  it('keeps Continue disabled until the box is ticked, and says Required when unticked', async () => {
    serve();
    const { user } = await showCollateral();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    const box = screen.getByRole('checkbox', {
      name: 'I have sent the required amount of collateral',
    });
    expect(continueButton).toBeDisabled();
    expect(box).toBeRequired();
    await user.click(box);
    expect(continueButton).toBeEnabled();
    await user.click(box);
    expect(continueButton).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Error: Required');
  });

  it('defaults to a custodial wallet, records it and the confirmation, then shows the status', async () => {
    const fetch = serve({
      handlers: {
        [WALLET_TYPE]: (_, init) => jsonResponse({ walletSourceType: sentBody<string>(init) }),
        [CONFIRM]: () =>
          jsonResponse(makeCollateralInfo({ borrowerConfirmedAt: '2025-03-02T10:00:00.000Z' })),
      },
    });
    const { user, router } = await showCollateral();
    expect(screen.getByRole('radio', { name: 'Custodial wallet' })).toBeChecked();
    await user.click(
      screen.getByRole('checkbox', { name: 'I have sent the required amount of collateral' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/complete`), LOADED);
    const walletTypeCalls = callsTo(fetch, WALLET_TYPE);
    expect(walletTypeCalls.map(([, init]) => init?.body)).toEqual(['"CUSTODIAL"']);
    expect(callsTo(fetch, CONFIRM)).toHaveLength(1);
    const order = fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(order.indexOf(WALLET_TYPE)).toBeLessThan(order.indexOf(CONFIRM));
  });

  it('sends a self-hosted wallet type, once, however often Continue is clicked', async () => {
    const confirmation = deferred<Response>();
    const fetch = serve({
      handlers: {
        [WALLET_TYPE]: () => jsonResponse({ walletSourceType: 'SELF_HOSTED' }),
        [CONFIRM]: () => confirmation.promise,
      },
    });
    const { user, router } = await showCollateral();
    await user.click(screen.getByRole('radio', { name: 'Self-hosted wallet' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I have sent the required amount of collateral' }),
    );
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await user.dblClick(continueButton);
    await user.click(continueButton);
    await waitFor(() => expect(callsTo(fetch, CONFIRM)).toHaveLength(1));
    expect(continueButton).toHaveAttribute('aria-busy', 'true');
    confirmation.resolve(jsonResponse(makeCollateralInfo()));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/complete`), LOADED);
    expect(callsTo(fetch, WALLET_TYPE).map(([, init]) => init?.body)).toEqual(['"SELF_HOSTED"']);
    expect(callsTo(fetch, CONFIRM)).toHaveLength(1);
  });

  it('stays and says what happened when the wallet type is refused, without confirming', async () => {
    const fetch = serve({
      handlers: {
        [WALLET_TYPE]: () =>
          jsonResponse(
            { code: 'APPLICATION_CHANGED', message: 'The application changed in the meantime.' },
            409,
          ),
        [CONFIRM]: () => jsonResponse(makeCollateralInfo()),
      },
    });
    const { user, router } = await showCollateral();
    await user.click(screen.getByRole('radio', { name: 'Self-hosted wallet' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I have sent the required amount of collateral' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'The application changed in the meantime.',
    );
    expect(currentUrl(router)).toBe(PAGE);
    expect(callsTo(fetch, CONFIRM)).toHaveLength(0);
  });

  it('says what went wrong and stays when the confirmation fails', async () => {
    serve({
      handlers: {
        [WALLET_TYPE]: () => jsonResponse({ walletSourceType: 'CUSTODIAL' }),
        [CONFIRM]: () =>
          jsonResponse({ code: 'UNAVAILABLE', message: 'Service unavailable.' }, 503),
      },
    });
    const { user, router } = await showCollateral();
    await user.click(
      screen.getByRole('checkbox', { name: 'I have sent the required amount of collateral' }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'We couldn’t record your deposit',
    );
    expect(currentUrl(router)).toBe(PAGE);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('the optional test deposit', () => {
  it('verifies on request, then re-fetches the status 0.5 s later', async () => {
    let status = makeMicroDepositStatus();
    const fetch = serve({
      status: () => status,
      handlers: {
        [VERIFY]: () => {
          status = makeMicroDepositStatus({ status: 'AWAITING_DEPOSIT', borrowerOptIn: true });
          return jsonResponse(status);
        },
      },
    });
    await showCollateral();
    expect(screen.getByText(/small test deposit first of at least 0.0001 BTC/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify test deposit' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, STATUS)).toHaveLength(1));
    fakePollingTimers();
    act(() =>
      screen.getByRole('checkbox', { name: 'I want to send a test deposit first' }).click(),
    );
    act(() => screen.getByRole('button', { name: 'Verify test deposit' }).click());
    await settle(() => screen.queryByRole('button', { name: 'Verification requested' }) !== null);
    expect(callsTo(fetch, VERIFY)).toHaveLength(1);
    expect(
      screen.getByText(/We’re watching for your test deposit of at least 0.0001 BTC/),
    ).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_STATUS_REFETCH_MS - 1));
    expect(callsTo(fetch, STATUS)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle(() => callsTo(fetch, STATUS).length > 1);
    expect(callsTo(fetch, STATUS)).toHaveLength(2);
    act(() => screen.getByRole('button', { name: 'Verification requested' }).click());
    await settle(() => false);
    expect(callsTo(fetch, VERIFY)).toHaveLength(1);
  });

  it('shows Error for 1.5 s when the request fails, then lets the borrower try again', async () => {
    const fetch = serve({
      handlers: {
        [VERIFY]: () => jsonResponse({ code: 'UNAVAILABLE', message: 'Try later' }, 503),
      },
    });
    await showCollateral();
    fakePollingTimers();
    act(() =>
      screen.getByRole('checkbox', { name: 'I want to send a test deposit first' }).click(),
    );
    act(() => screen.getByRole('button', { name: 'Verify test deposit' }).click());
    await settle(() => screen.queryByRole('button', { name: 'Error' }) !== null);
    expect(screen.getByRole('button', { name: 'Error' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_ERROR_RESET_MS - 1));
    expect(screen.getByRole('button', { name: 'Error' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Verify test deposit' })).toBeVisible();
    expect(callsTo(fetch, VERIFY)).toHaveLength(1);
  });

  it('says when the test deposit has arrived', async () => {
    serve({
      collateral: () =>
        makeCollateralInfo({
          microDepositVerify: {
            borrowerOptIn: true,
            minVerifyAmount: { coinQuantity: '0.0001', type: 'BTC' },
            optedInAt: '2025-03-02T10:00:00.000Z',
          },
        }),
      status: () =>
        makeMicroDepositStatus({
          status: 'VERIFIED',
          borrowerOptIn: true,
          verifiedAt: '2025-03-02T11:00:00.000Z',
        }),
    });
    await showCollateral();
    expect(await screen.findByText('Test deposit received', {}, LOADED)).toBeVisible();
    expect(
      screen.queryByRole('checkbox', { name: 'I want to send a test deposit first' }),
    ).not.toBeInTheDocument();
  });
});

describe('collateral not found', () => {
  const confirmedHoursAgo = (hours: number, balance = '0') =>
    makeCollateralInfo({
      borrowerConfirmedAt: new Date(Date.now() - hours * HOUR_MS).toISOString(),
      wallet: depositWallet(balance),
    });

  it('asks the borrower to check, with the support phone, a day after nothing arrived', async () => {
    serve({ collateral: () => confirmedHoursAgo(25) });
    await showCollateral();
    expect(screen.getByText(collateralNotFoundMessage(SUPPORT_PHONE))).toBeVisible();
    expect(collateralNotFoundMessage(SUPPORT_PHONE)).toBe(
      `Verify that the collateral was sent to the wallet address provided. We have been unable to locate your transaction. If you believe the transaction was sent, contact support at ${SUPPORT_PHONE}.`,
    );
  });

  it.each([
    ['within the first day', confirmedHoursAgo(23)],
    ['once some collateral arrived', confirmedHoursAgo(25, '0.1')],
    ['before the borrower said it was sent', makeCollateralInfo()],
  ])('says nothing %s', async (_, collateral) => {
    serve({ collateral: () => collateral });
    await showCollateral();
    expect(screen.queryByText(/We have been unable to locate your transaction/)).toBeNull();
  });
});

describe('states and errors', () => {
  it.each<[TApplicationState, string]>([
    ['SIGN_DOCS', `${APP}/next-steps`],
    ['CRYPTO_FUNDING_VERIFY', `${APP}/complete`],
    ['COMPLETE', `${APP}/complete`],
    ['CANCELLED', '/dashboard'],
    ['DECLINED', `${APP}/decline`],
  ])('%s goes to %s without asking for the collateral', async (state, target) => {
    const fetch = serve({ state });
    const { router } = showPage();
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
    expect(callsTo(fetch, CALCULATE)).toHaveLength(0);
  });

  it('offers a retry when the collateral cannot be loaded', async () => {
    let calls = 0;
    serve({
      handlers: {
        [CALCULATE]: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ code: 'UNAVAILABLE', message: 'Prices are unavailable' }, 503)
            : jsonResponse(makeCollateralInfo());
        },
      },
    });
    const { user } = showPage();
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'We couldn’t load your collateral',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Post collateral' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Prices are unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(DEPOSIT_ADDRESS, {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
