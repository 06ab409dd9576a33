import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getLoanStatus,
  getUserApps,
  postRollForwardOffers,
  type TLoanStatus,
} from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { makeApplication } from '../../application/application-test-data.js';
import { LOAN_UUID, loanStatus } from '../../loan/loan-test-data.js';
import { browserNavigation } from '../../session/browser-navigation.js';
import {
  figureInfoHandlers,
  storeTestSession,
  TEST_IDENTITY,
} from '../../session/session-test-utils.js';
import { LOADED } from '../../../test/loaded.js';

const RENEWAL_UUID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

function loan(renewal: TLoanStatus['renewal']): TLoanStatus {
  return loanStatus({
    collateral: { coinQuantity: '1', type: 'BTC' },
    ...(renewal === undefined ? {} : { renewal }),
  });
}

function serve(renewal: TLoanStatus['renewal'], openAnswer: () => Response) {
  return mockFetch({
    ...figureInfoHandlers(),
    [`GET ${getUserApps.path}`]: () => jsonResponse([]),
    [`GET ${getLoanStatus.path}`]: () => jsonResponse({ loans: [loan(renewal)] }),
    [`POST ${buildPath(postRollForwardOffers.path, { appUuid: LOAN_UUID })}`]: openAnswer,
  });
}

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  storeTestSession();
});

describe('the dashboard’s Renew action', () => {
  it('says when the window opens before it does', async () => {
    serve({ opensOn: '2025-12-11', closesOn: '2026-01-10', isOpen: false }, () => jsonResponse({}));
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, LOADED);
    expect(within(loans).getByText('Renewal opens on Dec 11, 2025.')).toBeInTheDocument();
    expect(within(loans).queryByRole('button', { name: 'Renew' })).toBeNull();
  });

  it('says the window closed once the loan matured, never that it opens on a past date', async () => {
    serve({ opensOn: '2025-12-11', closesOn: '2026-01-10', isOpen: false, position: 'AFTER' }, () =>
      jsonResponse({}),
    );
    renderApp('/dashboard');
    const loans = await screen.findByRole('region', { name: 'Your loans' }, LOADED);
    expect(
      within(loans).getByText(/^Renewal closed on Jan 10, 2026, when your loan matured\./),
    ).toBeInTheDocument();
    expect(within(loans).queryByText(/Renewal opens on/)).toBeNull();
    expect(within(loans).queryByRole('button', { name: 'Renew' })).toBeNull();
  });

  it('shows the server’s refusal when the renewal cannot be opened', async () => {
    serve({ opensOn: '2025-12-11', closesOn: '2026-01-10', isOpen: true }, () =>
      jsonResponse({ code: 'NOT_FOUND', message: 'Application not found' }, 404),
    );
    const { user } = renderApp('/dashboard');
    const renew = await screen.findByRole('button', { name: 'Renew' }, LOADED);
    await user.click(renew);
    expect(await screen.findByText('Application not found')).toBeInTheDocument();
  });

  it('navigates to the renewal’s offer page once it is open', async () => {
    serve({ opensOn: '2025-12-11', closesOn: '2026-01-10', isOpen: true }, () =>
      jsonResponse(
        makeApplication({
          appUuid: RENEWAL_UUID,
          identityUuid: TEST_IDENTITY.uuid,
          organization: 'default',
          state: 'CREATED',
          isRollForward: true,
          offers: [],
          selectedOffer: null,
          createdAt: '2025-12-20T15:00:00.000Z',
          updatedAt: '2025-12-20T15:00:00.000Z',
        }),
      ),
    );
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Renew' }, LOADED));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/account/crypto-backed-loan/${RENEWAL_UUID}/renew`),
    );
  });
});
