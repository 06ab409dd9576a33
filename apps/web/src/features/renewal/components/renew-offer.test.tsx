import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  buildPath,
  getApplication,
  postRollForwardTopUp,
  type TApplication,
} from '@pledge/contract';
import { RENEWAL_WARNINGS } from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeOffer,
  TEST_APP_UUID,
} from '../../application/application-test-data.js';
import { figureInfoHandlers, storeTestSession } from '../../session/session-test-utils.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const PAGE = `/account/crypto-backed-loan/${TEST_APP_UUID}/renew`;
const TO_ADD = 'Add at least 0.018868 BTC to renew at your current loan balance.';
const TOO_LITTLE = `${TO_ADD} That is 0.008868 BTC more than you entered.`;

function renewal(overrides: Partial<TApplication> = {}): TApplication {
  return makeApplication({
    state: 'CREATED',
    stage: 'UNINITIALIZED_STATE',
    isRollForward: true,
    offers: [makeOffer({ drawAmount: 20_304.38, ltv: 12.5, collateralUnits: '6' })],
    rollForwardLoanDetails: {
      collateral: { coinQuantity: '1', type: 'BTC' },
      topUpAmount: { coinQuantity: '5', type: 'BTC' },
      remainingTopUpAmount: { coinQuantity: '5', type: 'BTC' },
    },
    ...overrides,
  });
}

beforeEach(() => {
  storeTestSession();
});

describe('/{appUuid}/renew', () => {
  it('locks the collateral type, fixes the cash and warns of a low LTV', async () => {
    mockFetch({
      ...figureInfoHandlers(),
      [`GET ${buildPath(getApplication.path, { appUuid: TEST_APP_UUID })}`]: () =>
        jsonResponse(renewal()),
    });
    renderApp(PAGE);
    expect(await findPageHeading('Renew your loan')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Collateral type' })).toHaveAttribute('readonly');
    expect(screen.getByText('No new funds will be disbursed')).toBeVisible();
    expect(screen.getByText('$20,304.38')).toBeVisible();
    expect(screen.getByText(RENEWAL_WARNINGS.lowLtv)).toBeVisible();
    expect(screen.queryByText(RENEWAL_WARNINGS.aboveBand)).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept offer' })).toBeEnabled();
    // LTV in 1 or 2 decimals (document 2 §9), as the dashboard shows it; never 3.
    expect(screen.getByText('12.5%')).toBeVisible();
    expect(screen.queryByText('12.500%')).toBeNull();
  });

  it('says how much to add when the top-up is too small, and offers nothing', async () => {
    const asked: unknown[] = [];
    mockFetch({
      ...figureInfoHandlers(),
      [`GET ${buildPath(getApplication.path, { appUuid: TEST_APP_UUID })}`]: () =>
        jsonResponse(
          renewal({
            offers: [],
            rollForwardLoanDetails: {
              collateral: { coinQuantity: '1', type: 'BTC' },
              topUpAmount: { coinQuantity: '0', type: 'BTC' },
              remainingTopUpAmount: { coinQuantity: '0', type: 'BTC' },
            },
          }),
        ),
      [`POST ${buildPath(postRollForwardTopUp.path, { appUuid: TEST_APP_UUID })}`]: (
        _url,
        init,
      ) => {
        const { topUpQuantity } = sentBody<{ topUpQuantity: string }>(init);
        asked.push(topUpQuantity);
        const message = topUpQuantity === '0' ? TO_ADD : TOO_LITTLE;
        return jsonResponse(
          { code: 'LTV_TOO_HIGH', message, fieldErrors: { topUpQuantity: [message] } },
          400,
        );
      },
    });
    const { user } = renderApp(PAGE);
    const field = await screen.findByRole('textbox', { name: /Additional collateral/ }, LOADED);
    expect(screen.getByText(RENEWAL_WARNINGS.aboveBand)).toBeVisible();
    // Before anything is typed: the whole amount to add, and the field is not optional.
    await waitFor(() => expect(screen.getByText(TO_ADD)).toBeVisible(), LOADED);
    expect(asked).toEqual(['0']);
    expect(field).toBeRequired();
    expect(screen.queryByText(/\(optional\)/)).toBeNull();
    await user.type(field, '0.01');
    await waitFor(() => expect(screen.getByText(TOO_LITTLE)).toBeVisible(), LOADED);
    expect(screen.getByText(RENEWAL_WARNINGS.aboveBand)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept offer' })).toBeDisabled();
  });
});
