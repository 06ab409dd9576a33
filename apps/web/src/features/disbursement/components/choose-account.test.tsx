import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getBankLinkAuth,
  postDisbursementAccount,
  type TBankLinkItem,
} from '@pledge/contract';
import { BANK_LINK_POLL_MS } from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  APP,
  APP_PARAMS,
  applicationHandlers,
  LOADED,
  makeAccount,
  makeDisbursement,
  makeItem,
  PLATYPUS,
} from '../testing/disbursement-test-data.js';

const ACCOUNT_PATH = buildPath(postDisbursementAccount.path, APP_PARAMS);

const TARTAN_ITEM = makeItem('COMPLETE', [
  makeAccount({
    id: 't-savings',
    name: 'Tartan Saving',
    accountType: 'savings',
    accountNumberMask: '4444',
  }),
  makeAccount({ id: 't-checking', name: 'Tartan Checking', accountNumberMask: '3333' }),
  makeAccount({
    id: 't-business',
    name: 'Tartan Business Checking',
    accountNumberMask: '5555',
    holderCategory: 'BUSINESS',
  }),
]);
const PLATYPUS_ITEM = makeItem(
  'COMPLETE',
  [makeAccount({ id: 'p-checking', name: 'Plaid Checking', accountNumberMask: '0000' })],
  PLATYPUS,
  'item-2',
);

function serve(
  items: () => TBankLinkItem[] | Response,
  account: () => Response = () =>
    jsonResponse(makeDisbursement({ method: 'LINKED_ACCOUNT', accountType: 'CHECKING' })),
) {
  return mockFetch({
    ...applicationHandlers(),
    [`GET ${getBankLinkAuth.path}`]: () => {
      const answer = items();
      return answer instanceof Response ? answer : jsonResponse({ items: answer });
    },
    [`POST ${ACCOUNT_PATH}`]: account,
  });
}

async function showAccounts() {
  const view = renderApp(`${APP}/disbursement/choose-account`);
  await screen.findByRole('radiogroup', { name: /Account for your loan funds/ }, LOADED);
  return view;
}

function optionLabels(): string[] {
  return within(screen.getByRole('radiogroup'))
    .getAllByRole<HTMLInputElement>('radio')
    .map((radio) => radio.labels?.[0]?.textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('choosing the linked account', () => {
  it('shows the personal accounts of COMPLETE banks, by bank name, with their masks', async () => {
    serve(() => [
      TARTAN_ITEM,
      PLATYPUS_ITEM,
      makeItem('FAILED', [makeAccount({ id: 'x' })], PLATYPUS, 'item-3'),
    ]);
    await showAccounts();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your account' })).toBeVisible();
    expect(optionLabels()).toEqual([
      'Plaid Checking ending in 0000',
      'Tartan Checking ending in 3333',
      'Tartan Saving ending in 4444',
    ]);
    expect(
      screen.getByRole('radio', { name: 'Tartan Saving ending in 4444' }),
    ).toHaveAccessibleDescription('Tartan Bank · Savings');
    expect(screen.queryByText(/Tartan Business Checking/)).not.toBeInTheDocument();
    expect(
      screen.getByText('Business accounts cannot receive the loan and are not listed.'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'By pressing Continue, you authorize the disbursement of your loan funds to the selected account.',
      ),
    ).toBeVisible();
  });

  it('asks for an account before Continue', async () => {
    const fetch = serve(() => [TARTAN_ITEM]);
    const { user } = await showAccounts();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please select an account.')).toBeVisible();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/disbursement/account'))).toBe(
      false,
    );
  });

  it('posts the chosen account with its type upper-cased and goes to the final steps', async () => {
    const fetch = serve(() => [TARTAN_ITEM]);
    const { user, router } = await showAccounts();
    await user.click(screen.getByRole('radio', { name: 'Tartan Saving ending in 4444' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/disbursement/account'));
    expect(sentBody(call?.[1] ?? {})).toEqual({
      accountType: 'SAVINGS',
      achAccountId: 't-savings',
    });
  });

  it('polls every 3 s with a loader while a bank is PENDING', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items: TBankLinkItem[] = [makeItem('PENDING'), PLATYPUS_ITEM];
    const fetch = serve(() => items);
    renderApp(`${APP}/disbursement/choose-account`);
    expect(await screen.findByText('Retrieving your accounts…', {}, LOADED)).toBeVisible();
    expect(screen.getByText('Retrieving your accounts…').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    const authCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).includes('/bank-link/auth')).length;
    const before = authCalls();
    items = [TARTAN_ITEM, PLATYPUS_ITEM];
    await act(() => vi.advanceTimersByTimeAsync(BANK_LINK_POLL_MS));
    expect(await screen.findByRole('radiogroup', {}, LOADED)).toBeVisible();
    expect(authCalls()).toBe(before + 1);
    await act(() => vi.advanceTimersByTimeAsync(BANK_LINK_POLL_MS * 2));
    expect(authCalls()).toBe(before + 1);
  });

  it('says when no linked account can receive the loan', async () => {
    serve(() => [makeItem('COMPLETE', [makeAccount({ id: 'b', holderCategory: 'BUSINESS' })])]);
    renderApp(`${APP}/disbursement/choose-account`);
    expect(await screen.findByText('No eligible account found', {}, LOADED)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enter account details manually' })).toHaveAttribute(
      'href',
      `${APP}/disbursement/manually-link`,
    );
    expect(screen.getByRole('link', { name: 'Link another bank' })).toHaveAttribute(
      'href',
      `${APP}/disbursement/link-account`,
    );
  });

  it('says the accounts could not be retrieved, and tries again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503)
        : [TARTAN_ITEM];
    });
    const { user } = renderApp(`${APP}/disbursement/choose-account`);
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Unable to retrieve accounts. Try again',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', {}, LOADED)).toBeVisible();
  });

  it('says something unexpected happened when the choice cannot be saved', async () => {
    serve(
      () => [TARTAN_ITEM],
      () => jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503),
    );
    const { user, router } = await showAccounts();
    await user.click(screen.getByRole('radio', { name: 'Tartan Checking ending in 3333' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Something unexpected happened. Try again',
    );
    expect(currentUrl(router)).toBe(`${APP}/disbursement/choose-account`);
  });
});
