import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getKrangState,
  getRefiDocumentText,
  getRefiUnsignedDocuments,
  postCelsiusCollateralCalculate,
  postCelsiusRefiBorrowerConfirmation,
  postCelsiusRefiCoinReturn,
  postRefiSignDocument,
  type TCelsiusTopUpCollateral,
  type TRefiCoinReturn,
  type TDocument,
  type TRefinancingApplication,
} from '@pledge/contract';
import {
  KRANG_STATE_POLL_MS,
  VERIFY_ERROR_RESET_MS,
  VERIFY_STATUS_REFETCH_MS,
} from '@pledge/domain';
import { QR_FAILURE_MESSAGES } from '../../../ui/qr-code/qr-code.js';
import { jsonResponse, mockFetch, sentBody, type THandler } from '../../../test/mock-fetch.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import {
  CUSTODY_OFFER_UUID,
  custodyOffer,
  ETH_APP_UUID,
  makeRefiApp,
  REFI_DEPOSIT_ADDRESS,
  REFI_IDENTITY_UUID,
  REFI_LIST_CALL,
  REFI_PAGE,
  refiCoinReturn,
  topUpEstimate,
  TRANSFER_OFFER_UUID,
  transferOffer,
} from '../refi-test-data.js';

const STATE = `GET ${buildPath(getKrangState.path, { appUuid: ETH_APP_UUID })}`;
const CALCULATE = `POST ${buildPath(postCelsiusCollateralCalculate.path, { appUuid: ETH_APP_UUID })}`;
const CONFIRM = `POST ${buildPath(postCelsiusRefiBorrowerConfirmation.path, { appUuid: ETH_APP_UUID })}`;
const ADDRESS = REFI_DEPOSIT_ADDRESS;
const COIN_RETURN = `POST ${buildPath(postCelsiusRefiCoinReturn.path, { appUuid: ETH_APP_UUID })}`;

beforeEach(() => {
  storeTestSession();
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The clock is the test's from here on: it runs as time does, and a wait on an interval is jumped
 * over with `advance`. The returned options make user-event's own waits move it.
 */
/**
 * The server of a custody-only refinancing in the state `state()` answers (read at each call),
 * with its top-up estimate; a test's own handlers added or in place of these.
 */
function serveTopUp(
  state: () => TRefinancingApplication['state'],
  more: Record<string, THandler> = {},
) {
  return mockFetch({
    ...figureInfoHandlers(),
    [REFI_LIST_CALL]: () =>
      jsonResponse([
        makeRefiApp({ state: state(), stage: 'PROCESSING', selectedOffer: custodyOffer() }),
      ]),
    [STATE]: () => jsonResponse({ state: state(), stage: 'PROCESSING' }),
    [CALCULATE]: () => jsonResponse({ celsiusTopUpCollateral: topUpEstimate() }),
    ...more,
  });
}

function fakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return { advanceTimers: vi.advanceTimersByTime };
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('/celsius-refi/{appUuid}/{offerUuid}/collateral-top-up', { timeout: 40_000 }, () => {
  it('shows the address cut to 26 characters, the whole one to verify, and the top-up sent', async () => {
    let state: 'CELSIUS_TOP_UP_REQUESTED' | 'CELSIUS_WAITING_FOR_TOP_UP' =
      'CELSIUS_TOP_UP_REQUESTED';
    const bodies: unknown[] = [];
    serveTopUp(() => state, {
      [CONFIRM]: (_url, init) => {
        bodies.push(sentBody(init));
        state = 'CELSIUS_WAITING_FOR_TOP_UP';
        return jsonResponse(
          makeRefiApp({ state, stage: 'PROCESSING', selectedOffer: custodyOffer() }),
        );
      },
    });
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
      fakeClock(),
    );
    expect(await screen.findByText(`${ADDRESS.slice(0, 26)}…`, {}, LOADED)).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Deposit required collateral' }),
    ).toBeVisible();
    expect(document.title).toContain('Deposit required collateral');
    expect(screen.getAllByText('1.272728 ETH')[0]).toBeVisible();
    const tracker = screen.getByRole('list', { name: 'Top-up progress' });
    expect(within(tracker).getByText('Top-up requested').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.click(screen.getByRole('button', { name: 'Verify address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify deposit address' });
    expect(within(dialog).getByText(ADDRESS)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have sent my top-up' }));
    // The state is asked again VERIFY_STATUS_REFETCH_MS after the confirmation.
    await advance(VERIFY_STATUS_REFETCH_MS);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Top-up progress' }))
          .getByText('Waiting for your top-up')
          .closest('li'),
      ).toHaveAttribute('aria-current', 'step'),
    );
    expect(bodies).toEqual([{ offerUuid: CUSTODY_OFFER_UUID, hasSentCollateral: true }]);
  });

  it('says Error on a refused confirmation and is back after 1.5 s', async () => {
    serveTopUp(() => 'CELSIUS_TOP_UP_REQUESTED', {
      [CONFIRM]: () => jsonResponse({ code: 'CONFLICT', message: 'Not now' }, 409),
    });
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
      fakeClock(),
    );
    await user.click(await screen.findByRole('button', { name: 'I have sent my top-up' }, LOADED));
    expect(await screen.findByRole('button', { name: 'Error' })).toBeVisible();
    await advance(VERIFY_ERROR_RESET_MS);
    expect(
      await screen.findByRole('button', { name: 'I have sent my top-up' }, { timeout: 6000 }),
    ).toBeVisible();
  });

  it('shows the estimate first and requests the top-up on Continue to deposit', async () => {
    let requested = false;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([makeRefiApp({ state: 'OFFER_ACCEPTED', selectedOffer: custodyOffer() })]),
      [STATE]: () =>
        jsonResponse({
          state: requested ? 'CELSIUS_TOP_UP_REQUESTED' : 'OFFER_ACCEPTED',
          stage: requested ? 'PROCESSING' : 'UNINITIALIZED_STATE',
        }),
      [CALCULATE]: () =>
        jsonResponse({ celsiusTopUpCollateral: topUpEstimate(requested ? {} : { wallet: null }) }),
      [CONFIRM]: () => {
        requested = true;
        return jsonResponse(
          makeRefiApp({
            state: 'CELSIUS_TOP_UP_REQUESTED',
            stage: 'PROCESSING',
            selectedOffer: custodyOffer(),
          }),
        );
      },
    });
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
    );
    expect(await screen.findByText('62.0%', {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your deposit address' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to deposit' }));
    expect(await screen.findByText(`${ADDRESS.slice(0, 26)}…`, {}, LOADED)).toBeVisible();
  });

  it('shows deposits as they arrive and what is still to send (issue 34, finding 7)', async () => {
    let deposits: TCelsiusTopUpCollateral['wallet'] = topUpEstimate().wallet;
    serveTopUp(() => 'CELSIUS_WAITING_FOR_TOP_UP', {
      [CALCULATE]: () =>
        jsonResponse({ celsiusTopUpCollateral: topUpEstimate({ wallet: deposits }) }),
    });
    renderApp(`${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`, fakeClock());
    const sofar = await screen.findByRole('region', { name: 'Your top-up so far' }, LOADED);
    expect(within(sofar).getByText('1.272728 ETH')).toBeVisible();
    // 0.5 ETH confirms and 0.1 ETH is seen: the page follows without a reload.
    deposits = {
      depositAddress: ADDRESS,
      currentTotalCoinBalance: { coinQuantity: '0.5', type: 'ETH' },
      transactions: [
        {
          transactionTime: '2025-03-01T12:10:00.000Z',
          transactionType: 'DEPOSIT',
          transactionAmount: '0.5',
          transactionHash: '0xaa',
          confirmed: true,
        },
        {
          transactionTime: '2025-03-01T12:20:00.000Z',
          transactionType: 'DEPOSIT',
          transactionAmount: '0.1',
          transactionHash: '0xbb',
          confirmed: false,
        },
      ],
    };
    // Asked again as often as the state while the top-up is awaited.
    await advance(KRANG_STATE_POLL_MS);
    expect(await within(sofar).findByText('0.772728 ETH', {}, LOADED)).toBeVisible();
    expect(within(sofar).getByText(/0\.1 ETH confirming/)).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Transactions on your deposit address' }),
    ).toBeVisible();
  });

  it('opens the QR code modal of the deposit address', async () => {
    serveTopUp(() => 'CELSIUS_TOP_UP_REQUESTED');
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
    );
    await user.click(await screen.findByRole('button', { name: /^Show QR code/ }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    expect(within(dialog).getByText(ADDRESS)).toBeInTheDocument();
  });

  it('re-fetches the state 0.5 s after "I have sent", not sooner', async () => {
    let state: 'CELSIUS_TOP_UP_REQUESTED' | 'CELSIUS_WAITING_FOR_TOP_UP' =
      'CELSIUS_TOP_UP_REQUESTED';
    const stateCalls: number[] = [];
    let confirmedAt = 0;
    serveTopUp(() => state, {
      [STATE]: () => {
        stateCalls.push(Date.now());
        return jsonResponse({ state, stage: 'PROCESSING' });
      },
      [CONFIRM]: () => {
        state = 'CELSIUS_WAITING_FOR_TOP_UP';
        confirmedAt = Date.now();
        return jsonResponse(
          makeRefiApp({ state, stage: 'PROCESSING', selectedOffer: custodyOffer() }),
        );
      },
    });
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
      fakeClock(),
    );
    await user.click(await screen.findByRole('button', { name: 'I have sent my top-up' }, LOADED));
    await advance(VERIFY_STATUS_REFETCH_MS);
    await waitFor(() => expect(stateCalls.some((at) => at > confirmedAt)).toBe(true), {
      timeout: 4000,
    });
    const next = stateCalls.find((at) => at > confirmedAt) ?? 0;
    expect(next - confirmedAt).toBeGreaterThanOrEqual(450);
  });

  it('says an expired refinancing expired and returns the coins sent to a given address', async () => {
    let coinReturn: TRefiCoinReturn = refiCoinReturn();
    const bodies: unknown[] = [];
    const expired = () =>
      makeRefiApp({
        state: 'CANCELLED',
        stage: 'FINAL',
        selectedOffer: custodyOffer(),
        ending: { reason: 'REFI_EXPIRED', at: '2025-03-15T12:00:00.000Z' },
        coinReturn,
      });
    const returnAddress = '0xabababababababababababababababababababab';
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => jsonResponse([expired()]),
      [STATE]: () => jsonResponse({ state: 'CANCELLED', stage: 'FINAL' }),
      [CALCULATE]: () => jsonResponse({ celsiusTopUpCollateral: topUpEstimate() }),
      [COIN_RETURN]: (_url, init) => {
        bodies.push(sentBody(init));
        coinReturn = {
          ...coinReturn,
          status: 'REQUESTED',
          returnAddress,
          requestedAt: '2025-03-16T12:00:00.000Z',
        };
        return jsonResponse(expired());
      },
    });
    const { user } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
    );
    expect(await screen.findByText('Refinancing expired', {}, LOADED)).toBeVisible();
    expect(screen.getByText(/not completed within 14 calendar days/)).toBeVisible();
    // No dead end: nothing asks for the deposit any more.
    expect(screen.queryByRole('button', { name: 'Continue to deposit' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your deposit address' })).toBeNull();
    expect(screen.getByText(/You sent 0\.5 ETH for this refinancing/)).toBeVisible();
    const field = screen.getByRole('textbox', { name: /Return address \(ETH\)/ });
    // A Bitcoin address is not an address of the coin's chain: refused on the page.
    // Pasted, as an address is: the typing itself is not what is tested.
    await user.click(field);
    await user.paste('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    await user.click(screen.getByRole('button', { name: 'Return my coins' }));
    expect(await screen.findByText('Invalid address entered - enter again')).toBeVisible();
    await user.clear(field);
    await user.paste(returnAddress);
    await user.click(screen.getByRole('button', { name: 'Return my coins' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Return your coins to this address?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Return my coins' }));
    expect(await screen.findByText('Your coins are being returned', {}, LOADED)).toBeVisible();
    expect(bodies).toEqual([{ returnAddress }]);
  });

  it('says the coins of an expired refinancing count toward a new one needing no top-up', async () => {
    const NEXT_APP_UUID = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
    const expired = makeRefiApp({
      state: 'CANCELLED',
      stage: 'FINAL',
      selectedOffer: custodyOffer(),
      ending: { reason: 'REFI_EXPIRED', at: '2025-03-15T12:00:00.000Z' },
      coinReturn: refiCoinReturn({ status: 'CARRIED_OVER', carriedToAppUuid: NEXT_APP_UUID }),
    });
    // Looked up again and submitted as ownership transfer: no top-up.
    const next = makeRefiApp({
      appUuid: NEXT_APP_UUID,
      state: 'SIGN_DOCS',
      stage: 'PROCESSING',
      selectedOffer: transferOffer(),
    });
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => jsonResponse([expired, next]),
      [STATE]: () => jsonResponse({ state: 'CANCELLED', stage: 'FINAL' }),
      [CALCULATE]: () => jsonResponse({ celsiusTopUpCollateral: topUpEstimate() }),
    });
    renderApp(`${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`);
    expect(
      await screen.findByText('Your coins count toward your new refinancing', {}, LOADED),
    ).toBeVisible();
    expect(
      screen.getByText(/count toward your new refinancing of the same loan: it needs no top-up/),
    ).toBeVisible();
    expect(screen.queryByText(/count toward the top-up/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'See its top-up' })).toBeNull();
  });

  it('opens the disclosures on the full top-up its poll saw, before the list is read again', async () => {
    let state: TRefinancingApplication['state'] = 'CELSIUS_WAITING_FOR_TOP_UP';
    const DOC: TDocument = {
      uuid: '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f',
      type: 'REFI',
      name: 'Refinancing agreement',
      description: '',
      signed: false,
      signedAt: null,
    };
    // The list's reads after the first are slow: they answer once the test lets them.
    let listCalls = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveTopUp(() => state, {
      [REFI_LIST_CALL]: async () => {
        listCalls += 1;
        if (listCalls > 1) await released;
        return jsonResponse([
          makeRefiApp({ state, stage: 'PROCESSING', selectedOffer: custodyOffer() }),
        ]);
      },
      [`GET ${buildPath(getRefiUnsignedDocuments.path, { appUuid: ETH_APP_UUID, identityUuid: REFI_IDENTITY_UUID })}`]:
        () => jsonResponse([DOC]),
      [`GET ${buildPath(getRefiDocumentText.path, { docUuid: DOC.uuid })}`]: () =>
        jsonResponse({ text: null }),
    });
    const { user, router } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`,
      fakeClock(),
    );
    expect(await screen.findByText(/We’re watching for your deposit/, {}, LOADED)).toBeVisible();
    state = 'CELSIUS_FULL_COLLATERAL_RECEIVED';
    await advance(KRANG_STATE_POLL_MS);
    await user.click(await screen.findByRole('link', { name: 'Review Loan Agreement' }, LOADED));
    // The borrower is on the disclosures, not sent back to the list by the list's older copy.
    expect(await screen.findByText('Document 1 of 1', {}, LOADED)).toBeVisible();
    expect(currentUrl(router)).toBe(
      `${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/disclosures`,
    );
    release();
  });

  it('answers a loan the borrower does not have', async () => {
    mockFetch({ ...figureInfoHandlers(), [REFI_LIST_CALL]: () => jsonResponse([]) });
    renderApp(`${REFI_PAGE}/${ETH_APP_UUID}/${CUSTODY_OFFER_UUID}/collateral-top-up`);
    expect(
      await screen.findByText('We couldn’t find this loan offer in your account.', {}, LOADED),
    ).toBeVisible();
  });
});

describe('/celsius-refi/{appUuid}/{offerUuid}/disclosures', { timeout: 40_000 }, () => {
  function document(uuid: string, name: string): TDocument {
    return { uuid, type: 'REFI', name, description: '', signed: false, signedAt: null };
  }
  const FIRST = document('6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d', 'Refinancing agreement');
  const SECOND = document('7b8c9d0e-1f2a-4b3c-9d4e-5f6a7b8c9d0e', 'Collateral terms');

  it('signs one disclosure at a time and goes back to the list after the last', async () => {
    let unsigned = [FIRST, SECOND];
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([
          makeRefiApp({
            state: unsigned.length === 0 ? 'WAITING_FOR_COLLATERAL' : 'SIGN_DOCS',
            stage: 'PROCESSING',
            selectedOffer: transferOffer(),
          }),
        ]),
      [`GET ${buildPath(getRefiUnsignedDocuments.path, { appUuid: ETH_APP_UUID, identityUuid: REFI_IDENTITY_UUID })}`]:
        () => jsonResponse(unsigned),
      [`GET ${buildPath(getRefiDocumentText.path, { docUuid: FIRST.uuid })}`]: () =>
        jsonResponse({
          text: {
            title: 'Refinancing agreement',
            paragraphs: ['You refinance Celsius loan 100002.', 'No cash is disbursed to you.'],
          },
        }),
      [`GET ${buildPath(getRefiDocumentText.path, { docUuid: SECOND.uuid })}`]: () =>
        jsonResponse({ text: null }),
      ...Object.fromEntries(
        [FIRST, SECOND].map((doc) => [
          `POST ${buildPath(postRefiSignDocument.path, { docUuid: doc.uuid })}`,
          () => {
            unsigned = unsigned.filter((candidate) => candidate.uuid !== doc.uuid);
            const done = unsigned.length === 0;
            return jsonResponse({
              document: { ...doc, signed: true, signedAt: '2025-03-01T12:00:00.000Z' },
              unsignedRemaining: unsigned.length,
              state: done ? 'WAITING_FOR_COLLATERAL' : 'SIGN_DOCS',
              stage: 'PROCESSING',
            });
          },
        ]),
      ),
    });
    const { user, router } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${TRANSFER_OFFER_UUID}/disclosures`,
    );
    expect(await findPageHeading('Review and sign your disclosures')).toBeVisible();
    expect(await screen.findByText('Document 1 of 2', {}, LOADED)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Refinancing agreement' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Refinancing agreement' })).toBeVisible();
    // The document is shown on the page, not only downloadable (issue 34, finding 8).
    const text = await screen.findByRole('region', { name: 'Refinancing agreement' });
    expect(within(text).getByText('No cash is disbursed to you.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    expect(await screen.findByText('Document 2 of 2')).toBeVisible();
    // A document whose words were not kept points to its download.
    expect(
      await screen.findByText('Download Collateral terms to read it before you agree.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(currentUrl(router)).toBe(REFI_PAGE));
    expect(
      await screen.findByText('Submitted: we are setting up your new loan', {}, LOADED),
    ).toBeVisible();
  });

  it('goes back to the list and says so when a signature is refused', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([
          makeRefiApp({ state: 'SIGN_DOCS', stage: 'PROCESSING', selectedOffer: transferOffer() }),
        ]),
      [`GET ${buildPath(getRefiUnsignedDocuments.path, { appUuid: ETH_APP_UUID, identityUuid: REFI_IDENTITY_UUID })}`]:
        () => jsonResponse([FIRST]),
      [`POST ${buildPath(postRefiSignDocument.path, { docUuid: FIRST.uuid })}`]: () =>
        jsonResponse({ code: 'CONFLICT', message: 'The application has expired' }, 409),
    });
    const { user, router } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${TRANSFER_OFFER_UUID}/disclosures`,
    );
    await user.click(await screen.findByRole('button', { name: 'Agree' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe(REFI_PAGE));
    expect(await screen.findByText('The application has expired')).toBeVisible();
    // The optimistic submission was rolled back.
    expect(screen.getByText('Disclosures to sign')).toBeVisible();
  });

  it('leads back to the new offer when the last signature finds the price moved (issue 34)', async () => {
    const message =
      'The price of ETH moved: with the coins you added your loan’s LTV is now 61.12%, above 55%, so custody only needs more collateral. Review the new offer and accept it again.';
    let isRepriced = false;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([
          isRepriced
            ? makeRefiApp({
                state: 'OFFER_ACCEPTED',
                offers: [transferOffer({ ltv: 68 })],
                selectedOffer: custodyOffer({ ltv: 68, postTopUpLoanToValue: 55 }),
              })
            : makeRefiApp({
                state: 'SIGN_DOCS',
                stage: 'PROCESSING',
                selectedOffer: transferOffer(),
              }),
        ]),
      [`GET ${buildPath(getRefiUnsignedDocuments.path, { appUuid: ETH_APP_UUID, identityUuid: REFI_IDENTITY_UUID })}`]:
        () => jsonResponse(isRepriced ? [] : [FIRST]),
      [`GET ${buildPath(getRefiDocumentText.path, { docUuid: FIRST.uuid })}`]: () =>
        jsonResponse({ text: null }),
      [`POST ${buildPath(postRefiSignDocument.path, { docUuid: FIRST.uuid })}`]: () => {
        isRepriced = true;
        return jsonResponse({ code: 'REFI_REPRICED', message }, 409);
      },
    });
    const { user, router } = renderApp(
      `${REFI_PAGE}/${ETH_APP_UUID}/${TRANSFER_OFFER_UUID}/disclosures`,
    );
    await user.click(await screen.findByRole('button', { name: 'Agree' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe(REFI_PAGE));
    expect(
      await screen.findByText('Your offer changed: review it and accept it again', {}, LOADED),
    ).toBeVisible();
    expect(screen.getByText(message)).toBeVisible();
    // The offers as the server priced them anew, the new one chosen, to accept again.
    expect(await screen.findByText('55.0% after your top-up', {}, LOADED)).toBeVisible();
    expect(screen.getByText('68.0%')).toBeVisible();
    expect(screen.queryByText('Submitted: we are setting up your new loan')).toBeNull();
  });
});

it('has the refinancing QR failure text', () => {
  expect(QR_FAILURE_MESSAGES.refinancing).toBe(
    'Failed to generate QR code. Make sure adblock is disabled and refresh the page.',
  );
});
