import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  postCelsiusRefiBorrowerConfirmation,
  postCreateCelsiusApplication,
  postRefiSelectOffer,
} from '@pledge/contract';
import { NO_ELIGIBLE_LOANS_MESSAGE, REFI_INELIGIBLE_REASON_MESSAGES } from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { LOADED } from '../../../test/loaded.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import {
  BTC_APP_UUID,
  custodyOffer,
  ETH_APP_UUID,
  makeBtcRefiApp,
  makeRefiApp,
  REFI_LIST_CALL,
  REFI_PAGE,
  TRANSFER_OFFER_UUID,
  transferOffer,
} from '../refi-test-data.js';

const CREATE = `POST ${postCreateCelsiusApplication.path}`;
const selectPath = (appUuid: string) => `POST ${buildPath(postRefiSelectOffer.path, { appUuid })}`;
const confirmPath = (appUuid: string) =>
  `POST ${buildPath(postCelsiusRefiBorrowerConfirmation.path, { appUuid })}`;

beforeEach(() => {
  storeTestSession();
});

describe('/celsius-refi', { timeout: 40_000 }, () => {
  it('lists ETH before BTC, preselects the loan being set up and labels the submit by state', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([
          makeBtcRefiApp({ state: 'SIGN_DOCS', stage: 'PROCESSING' }),
          makeRefiApp({ state: 'OFFER_ACCEPTED', selectedOffer: custodyOffer() }),
        ]),
    });
    const { user } = renderApp(REFI_PAGE);
    const cards = await screen.findAllByRole('radio', { name: /Celsius loan/ }, LOADED);
    expect(cards.map((card) => card.getAttribute('value'))).toEqual([ETH_APP_UUID, BTC_APP_UUID]);
    expect(cards[0]).toBeChecked();
    expect(screen.getByRole('radio', { name: /Custody only: 14\.000% APR/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Ownership transfer: 13\.000% APR/ })).toBeEnabled();
    // Stabilization is offered with custody only.
    expect(screen.getByRole('checkbox', { name: /Opt in to stabilization/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'View Top Up Estimate' })).toBeVisible();
    expect(screen.queryByRole('link', { name: "I'm done adding loans" })).toBeNull();

    await user.click(cards[1] as HTMLElement);
    expect(await screen.findByRole('button', { name: 'Review Loan Agreement' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /Opt in to stabilization/ })).toBeNull();
  });

  it('rolls a refused rate choice back', async () => {
    let calls = 0;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => jsonResponse([makeRefiApp({ selectedOffer: custodyOffer() })]),
      [selectPath(ETH_APP_UUID)]: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return jsonResponse({ code: 'CONFLICT', message: 'This offer is no longer open' }, 409);
      },
    });
    const { user } = renderApp(REFI_PAGE);
    const transfer = await screen.findByRole('radio', { name: /Ownership transfer/ }, LOADED);
    await user.click(transfer);
    // Shown at once, then put back when the server refuses it.
    expect(transfer).toBeChecked();
    expect(await screen.findByText('This offer is no longer open')).toBeVisible();
    expect(screen.getByRole('radio', { name: /Custody only/ })).toBeChecked();
    expect(calls).toBe(1);
  });

  it('marks a submitted loan, locks its offer and offers "I\'m done adding loans"', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([
          makeRefiApp({
            state: 'WAITING_FOR_COLLATERAL',
            stage: 'PROCESSING',
            selectedOffer: transferOffer(),
          }),
        ]),
    });
    const { user, router } = renderApp(REFI_PAGE);
    const card = await screen.findByRole('radio', { name: /Celsius loan 100002/ }, LOADED);
    await user.click(card);
    expect(screen.getAllByText('Submitted').length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: /Ownership transfer/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Review Loan Agreement' })).toBeNull();
    await user.click(screen.getByRole('link', { name: "I'm done adding loans" }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${REFI_PAGE}/complete`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Submitted loans' })).toBeVisible();
  });

  it('confirms an offer without a top-up and opens its disclosures', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () =>
        jsonResponse([makeRefiApp({ state: 'OFFER_ACCEPTED', selectedOffer: transferOffer() })]),
      [confirmPath(ETH_APP_UUID)]: (_url, init) => {
        bodies.push(sentBody(init));
        return jsonResponse(makeRefiApp({ state: 'SIGN_DOCS', selectedOffer: transferOffer() }));
      },
    });
    const { user, router } = renderApp(REFI_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Review Loan Agreement' }, LOADED));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `${REFI_PAGE}/${ETH_APP_UUID}/${TRANSFER_OFFER_UUID}/disclosures`,
      ),
    );
    expect(bodies).toEqual([{ offerUuid: TRANSFER_OFFER_UUID, hasSentCollateral: false }]);
  });

  it('shows the offers priced anew when the price moved before the confirmation', async () => {
    const repriced =
      'The price of ETH moved: your loan’s LTV is now 80.00%, above the 70% up to which ownership transfer applies. Review the new offer and accept it again.';
    let listed = 0;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => {
        listed += 1;
        return jsonResponse([
          listed === 1
            ? makeRefiApp({ state: 'OFFER_ACCEPTED', selectedOffer: transferOffer() })
            : makeRefiApp({
                state: 'CREATED',
                selectedOffer: null,
                offers: [custodyOffer({ ltv: 80, postTopUpLoanToValue: 55 })],
              }),
        ]);
      },
      [confirmPath(ETH_APP_UUID)]: () =>
        jsonResponse({ code: 'REFI_REPRICED', message: repriced }, 409),
    });
    const { user, router } = renderApp(REFI_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Review Loan Agreement' }, LOADED));
    expect(await screen.findByText(repriced, {}, LOADED)).toBeVisible();
    // Still on the list, nothing submitted: only custody only with its top-up is offered now.
    expect(currentUrl(router)).toBe(REFI_PAGE);
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /Ownership transfer/ })).toBeNull(),
    );
    const custody = screen.getByRole('radio', { name: /Custody only/ });
    expect(custody).not.toBeChecked();
    expect(
      within(custody.closest('label') ?? document.body).getByText(/Needs a collateral top-up/),
    ).toBeVisible();
    expect(listed).toBe(2);
  });

  it('asks for a loan ID, sends one lookup for quick repeats and says why none is eligible', async () => {
    let lookups = 0;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => jsonResponse([]),
      [CREATE]: () => {
        lookups += 1;
        return jsonResponse({
          applications: [],
          ineligibleLoans: [
            {
              celsiusLoanId: '100004',
              reasons: ['BELOW_MINIMUM_LOAN_AMOUNT'],
              messages: [REFI_INELIGIBLE_REASON_MESSAGES.BELOW_MINIMUM_LOAN_AMOUNT],
            },
          ],
        });
      },
    });
    const { user } = renderApp(REFI_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Enter Loan ID' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Loan ID' });
    const find = within(dialog).getByRole('button', { name: 'Find my loans' });
    await user.click(find);
    expect(within(dialog).getByText('Please enter a Celsius Loan ID')).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: /Celsius Loan ID/ }), '100004');
    await user.click(find);
    await user.click(find);
    expect(await within(dialog).findByText(NO_ELIGIBLE_LOANS_MESSAGE, {}, LOADED)).toBeVisible();
    expect(
      within(dialog).getByText(
        `Loan 100004: ${REFI_INELIGIBLE_REASON_MESSAGES.BELOW_MINIMUM_LOAN_AMOUNT}.`,
      ),
    ).toBeVisible();
    expect(lookups).toBe(1);
  });

  it('adds found loans to the list and shows a failed lookup’s messages', async () => {
    let answer = 0;
    mockFetch({
      ...figureInfoHandlers(),
      [REFI_LIST_CALL]: () => jsonResponse([]),
      [CREATE]: () => {
        answer += 1;
        return answer === 1
          ? jsonResponse(
              { code: 'NOT_FOUND', message: 'We could not find a Celsius loan with this ID' },
              404,
            )
          : jsonResponse({ applications: [makeBtcRefiApp()], ineligibleLoans: [] });
      },
    });
    const { user } = renderApp(REFI_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Enter Loan ID' }, LOADED));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Loan ID' });
    await user.type(within(dialog).getByRole('textbox', { name: /Celsius Loan ID/ }), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Find my loans' }));
    expect(
      await within(dialog).findByText('We could not find a Celsius loan with this ID.', {}, LOADED),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Find my loans' }));
    expect(await screen.findByRole('radio', { name: /Celsius loan 100001/ }, LOADED)).toBeChecked();
  });
});
