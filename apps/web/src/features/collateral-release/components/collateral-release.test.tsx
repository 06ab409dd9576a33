import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getCollateral,
  postCollateralRelease,
  type TCollateralInfo,
  type TPostCollateralReleaseResponse,
} from '@pledge/contract';
import type { TApplicationState, TStage, TWithdrawalResult } from '@pledge/domain';
import { makeBrand } from '../../../test/fixtures.js';
import { callsTo, jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  signedInWithApplication,
  TEST_APP_UUID,
} from '../../application/application-test-data.js';
import { depositWallet, makeCollateralInfo } from '../../collateral/collateral-test-data.js';
import { formatReleaseDate } from '../release-texts.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const APP = `/account/crypto-backed-loan/${TEST_APP_UUID}`;
const PAGE = `${APP}/collateral-release`;
const params = { appUuid: TEST_APP_UUID };
const SUPPORT_PHONE = '1-800-555-0142';
const RETURN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const REQUEST_ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const COLLATERAL = `GET ${buildPath(getCollateral.path, params)}`;
const RELEASE = `POST ${buildPath(postCollateralRelease.path, params)}`;

type THandler = Parameters<typeof mockFetch>[0][string];

/** A paid-off 0.4 BTC loan: two confirmed deposits, paid off by ACH, nothing asked for yet. */
function paidOffCollateral(overrides: Partial<TCollateralInfo> = {}): TCollateralInfo {
  const base = makeCollateralInfo();
  return {
    ...base,
    remainingCoinAmountDue: { coinQuantity: '0', type: 'BTC' },
    wallet: depositWallet('0.4', [
      {
        transactionTime: '2025-03-02T09:00:00.000Z',
        transactionType: 'DEPOSIT',
        transactionAmount: '0.123456',
        transactionHash: 'aa'.repeat(32),
        confirmed: true,
      },
      {
        transactionTime: '2025-03-02T10:00:00.000Z',
        transactionType: 'DEPOSIT',
        transactionAmount: '0.276544',
        transactionHash: 'bb'.repeat(32),
        confirmed: true,
      },
    ]),
    payoff: {
      method: 'ACH',
      paidOffAt: '2025-06-01T15:00:00.000Z',
      heldUntil: '2025-06-22T15:00:00.000Z',
    },
    ...overrides,
  };
}

function releaseAnswer(result: TWithdrawalResult): TPostCollateralReleaseResponse {
  return {
    collateralReleaseRequest: { requestId: REQUEST_ID, address: RETURN_ADDRESS },
    collateralReleaseResponse: { id: REQUEST_ID, result },
  };
}

function serve({
  state = 'PAID_OFF',
  stage = 'COLLATERAL_RELEASE',
  collateral = () => paidOffCollateral(),
  applicationCollateral = null,
  handlers = {},
}: {
  state?: TApplicationState;
  stage?: TStage;
  collateral?: () => TCollateralInfo;
  /** The collateral the application itself carries (as the dashboard reads it). */
  applicationCollateral?: TCollateralInfo | null;
  handlers?: Record<string, THandler>;
} = {}) {
  return mockFetch({
    ...signedInWithApplication(
      makeApplication({ state, stage, collateral: applicationCollateral }),
    ),
    [COLLATERAL]: () => jsonResponse(collateral()),
    ...handlers,
  });
}

async function showPage() {
  const view = renderApp(PAGE, { brand: makeBrand({ supportPhone: SUPPORT_PHONE }) });
  await findPageHeading('Collateral release');
  return view;
}

function addressField() {
  return screen.getByRole('textbox', { name: /Return address/ });
}

/** Enters an address as it is pasted (the keystrokes are not what is tested) and releases it. */
async function openConfirm(user: Awaited<ReturnType<typeof showPage>>['user'], typed: string) {
  await user.click(addressField());
  await user.paste(typed);
  expect(addressField()).toHaveValue(typed);
  await user.click(screen.getByRole('button', { name: 'Release collateral' }));
  return screen.getByRole('dialog', { name: 'Release your collateral?' });
}

describe('/{appUuid}/collateral-release', () => {
  it.each<[TApplicationState, TStage, string]>([
    ['COMPLETE', 'FINAL', `${APP}/complete`],
    ['WAITING_FOR_COLLATERAL', 'PROCESSING', `${APP}/next-steps`],
    ['COLLATERAL_RELEASED', 'FINAL', '/dashboard'],
  ])('sends an application in %s where its entry leads', async (state, stage, target) => {
    const fetchMock = serve({ state, stage });
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
    expect(callsTo(fetchMock, COLLATERAL)).toHaveLength(0);
  });

  it('shows the collateral held, the transactions and when it comes back', async () => {
    serve();
    await showPage();
    expect(screen.getByText('Coin').nextElementSibling).toHaveTextContent('Bitcoin (BTC)');
    expect(screen.getByText('Collateral held').nextElementSibling).toHaveTextContent('0.4 BTC');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('0.2765 BTC'),
      expect.stringContaining('0.1235 BTC'),
    ]);
    expect(
      screen.getByText(
        'We return your collateral within 1 business day of receiving your return address.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        `Your loan was paid off by ACH on ${formatReleaseDate('2025-06-01T15:00:00.000Z')}. After an ACH payoff we hold the crypto for 3 weeks, until ${formatReleaseDate('2025-06-22T15:00:00.000Z')}.`,
      ),
    ).toBeVisible();
    expect(addressField()).toHaveAccessibleDescription(
      'Your Bitcoin (BTC) wallet address. Double-check the address before you submit. Crypto sent to a mistyped address is permanently lost.',
    );
  });

  it('states both holds when the payoff method is not known', async () => {
    serve({ collateral: () => paidOffCollateral({ payoff: undefined }) });
    await showPage();
    expect(
      screen.getByText(
        'After a payoff by ACH we hold the crypto for 3 weeks; after a wire, 3 days.',
      ),
    ).toBeVisible();
  });

  it('requires an address, confirms it in full, and sends it once, trimmed', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = serve({
      handlers: {
        [RELEASE]: () =>
          new Promise<Response>((resolve) => {
            release = resolve;
          }),
      },
    });
    const { user } = await showPage();

    await user.click(screen.getByRole('button', { name: 'Release collateral' }));
    expect(addressField()).toHaveAccessibleDescription(
      expect.stringContaining('Wallet address is required.'),
    );
    await user.type(addressField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Release collateral' }));
    expect(addressField()).toHaveAccessibleDescription(
      expect.stringContaining('Wallet address is required.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(addressField());
    let dialog = await openConfirm(user, `  ${RETURN_ADDRESS} `);
    expect(dialog).toHaveTextContent(
      'The entire 0.4 BTC held as collateral will be released to this address:',
    );
    expect(within(dialog).getByText(RETURN_ADDRESS)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, RELEASE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Release collateral' }));
    dialog = screen.getByRole('dialog', { name: 'Release your collateral?' });
    const confirm = within(dialog).getByRole('button', { name: 'Release collateral' });
    await user.dblClick(confirm);
    await user.click(confirm);
    await waitFor(() => expect(callsTo(fetchMock, RELEASE)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, RELEASE)[0]?.[1]?.body))).toEqual({
      returnAddress: RETURN_ADDRESS,
    });

    release(jsonResponse(releaseAnswer('SUCCESS')));
    expect(await screen.findByText('Your collateral is on its way', {}, LOADED)).toBeVisible();
    expect(screen.getByText('We are sending your 0.4 BTC to the address below.')).toBeVisible();
    expect(screen.getByText('Request ID').nextElementSibling).toHaveTextContent(REQUEST_ID);
    expect(screen.getByText('Return address').nextElementSibling).toHaveTextContent(RETURN_ADDRESS);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, RELEASE)).toHaveLength(1);
  });

  it.each<[TWithdrawalResult, string]>([
    ['DUPLICATE_REQUEST', 'Your collateral is on its way'],
    ['PENDING_TRANSACTIONS', 'Your release is waiting for a deposit to confirm'],
    ['NO_COLLATERAL', 'There is no collateral to release'],
  ])('answers %s with its panel', async (result, title) => {
    serve({ handlers: { [RELEASE]: () => jsonResponse(releaseAnswer(result)) } });
    const { user } = await showPage();
    const dialog = await openConfirm(user, RETURN_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Release collateral' }));
    expect(await screen.findByText(title, {}, LOADED)).toBeVisible();
    expect(screen.getByText('Request ID').nextElementSibling).toHaveTextContent(REQUEST_ID);
    if (result === 'NO_COLLATERAL') {
      expect(screen.getByText(new RegExp(`contact support at ${SUPPORT_PHONE}`))).toBeVisible();
    }
  });

  it('clears a refused address and says to enter it again', async () => {
    serve({
      handlers: {
        [RELEASE]: () =>
          jsonResponse(
            {
              code: 'INVALID_RETURN_ADDRESS',
              message: 'Invalid address entered - enter again',
              fieldErrors: { returnAddress: ['Invalid address entered - enter again'] },
            },
            400,
          ),
      },
    });
    const { user } = await showPage();
    const dialog = await openConfirm(user, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.click(within(dialog).getByRole('button', { name: 'Release collateral' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(addressField()).toHaveValue('');
    expect(addressField()).toHaveAccessibleDescription(
      expect.stringContaining('Invalid address entered - enter again'),
    );
  });

  it('says something unexpected happened on any other failure', async () => {
    serve({
      handlers: {
        [RELEASE]: () => jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500),
      },
    });
    const { user } = await showPage();
    const dialog = await openConfirm(user, RETURN_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Release collateral' }));
    expect(await within(dialog).findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Something unexpected happened. Try again',
    );
  });

  it('says what happened when a release to another address is already under way', async () => {
    const message =
      'A release of this collateral is already under way to another address. You can give a different address only if that release fails; contact support if the address is wrong.';
    serve({
      handlers: {
        [RELEASE]: () => jsonResponse({ code: 'COLLATERAL_RELEASE_IN_PROGRESS', message }, 409),
      },
    });
    const { user } = await showPage();
    const dialog = await openConfirm(user, RETURN_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Release collateral' }));
    expect(await within(dialog).findByRole('alert', {}, LOADED)).toHaveTextContent(message);
  });

  it('shows a release accepted inside the hold as scheduled, with its date', async () => {
    serve({
      collateral: () =>
        paidOffCollateral({
          collateralReleaseRequest: {
            requestId: REQUEST_ID,
            address: RETURN_ADDRESS,
            scheduledFor: '2099-03-05T10:00:00.000Z',
          },
          collateralReleaseResponses: [{ id: REQUEST_ID, result: 'SUCCESS' }],
        }),
    });
    await showPage();
    expect(screen.getByText('Your collateral release is scheduled')).toBeVisible();
    expect(screen.getByText(/until March 5, 2099/)).toBeVisible();
    expect(screen.queryByText('Your collateral is on its way')).toBeNull();
  });

  it('shows a standing request instead of the form', async () => {
    serve({
      collateral: () =>
        paidOffCollateral({
          collateralReleaseRequest: { requestId: REQUEST_ID, address: RETURN_ADDRESS },
          collateralReleaseResponses: [],
        }),
    });
    await showPage();
    expect(screen.getByText('Your release request is being processed')).toBeVisible();
    expect(screen.getByText('Return address').nextElementSibling).toHaveTextContent(RETURN_ADDRESS);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers the form again after a failed withdrawal, saying so', async () => {
    serve({
      collateral: () =>
        paidOffCollateral({
          collateralReleaseRequest: { requestId: REQUEST_ID, address: RETURN_ADDRESS },
          collateralReleaseResponses: [{ id: REQUEST_ID, result: 'WITHDRAWAL_FAILED' }],
        }),
    });
    await showPage();
    expect(screen.getByText('Your last release did not go through')).toBeVisible();
    expect(addressField()).toHaveValue('');
  });
});

/** A loan the desk liquidated at a better price: COMPLETE, nothing owed, 0.15 BTC of 0.4 left. */
function liquidatedCollateral(overrides: Partial<TCollateralInfo> = {}): TCollateralInfo {
  const left = { coinQuantity: '0.15', type: 'BTC' as const };
  const base = paidOffCollateral({ payoff: undefined });
  return {
    ...base,
    wallet:
      base.wallet === null
        ? null
        : {
            ...base.wallet,
            currentTotalCoinBalance: left,
            transactions: [
              ...base.wallet.transactions,
              {
                transactionTime: '2025-05-20T12:00:00.000Z',
                transactionType: 'WITHDRAWAL',
                transactionAmount: '0.25',
                transactionHash: null,
                confirmed: true,
              },
            ],
          },
    liquidationRemainder: left,
    ...overrides,
  };
}

describe('/{appUuid}/collateral-release after a liquidation left coins', () => {
  it('offers the release of the coins left, as for a paid-off loan, and sends it once', async () => {
    const fetchMock = serve({
      state: 'COMPLETE',
      stage: 'FINAL',
      applicationCollateral: liquidatedCollateral(),
      collateral: () => liquidatedCollateral(),
      handlers: { [RELEASE]: () => jsonResponse(releaseAnswer('SUCCESS')) },
    });
    const { user } = await showPage();
    expect(
      screen.getByText(
        'The sale of part of your collateral repaid your loan in full. Tell us where to send the coins left back.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Collateral held').nextElementSibling).toHaveTextContent('0.15 BTC');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Withdrawal');
    expect(rows[1]).toHaveTextContent('0.2500 BTC');
    expect(
      screen.getByText(
        'We return your collateral within 1 business day of receiving your return address.',
      ),
    ).toBeVisible();
    const dialog = await openConfirm(user, RETURN_ADDRESS);
    expect(dialog).toHaveTextContent(
      'The entire 0.15 BTC held as collateral will be released to this address:',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Release collateral' }));
    expect(await screen.findByText('Your collateral is on its way', {}, LOADED)).toBeVisible();
    expect(screen.getByText('We are sending your 0.15 BTC to the address below.')).toBeVisible();
    expect(callsTo(fetchMock, RELEASE)).toHaveLength(1);
  });

  it('shows a standing release of the coins left instead of the form', async () => {
    const standing = liquidatedCollateral({
      collateralReleaseRequest: { requestId: REQUEST_ID, address: RETURN_ADDRESS },
      collateralReleaseResponses: [{ id: REQUEST_ID, result: 'SUCCESS' }],
    });
    serve({
      state: 'COMPLETE',
      stage: 'FINAL',
      applicationCollateral: standing,
      collateral: () => standing,
    });
    await showPage();
    expect(screen.getByText('Your collateral is on its way')).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('sends a COMPLETE loan with nothing to return where its entry leads, unread', async () => {
    const fetchMock = serve({
      state: 'COMPLETE',
      stage: 'FINAL',
      applicationCollateral: paidOffCollateral({ payoff: undefined }),
    });
    const { router } = renderApp(PAGE);
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/complete`), LOADED);
    expect(callsTo(fetchMock, COLLATERAL)).toHaveLength(0);
  });
});
