import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildPath, getDisbursement, postWalletAddress } from '@pledge/contract';
import { USDC_CHAINS } from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { internationalApplication } from '../../application/application-test-data.js';
import {
  APP,
  APP_PARAMS,
  applicationHandlers,
  LOADED,
  makeDisbursement,
} from '../testing/disbursement-test-data.js';
import { findPageHeading } from '../../../test/loaded.js';

const WALLET_PATH = buildPath(postWalletAddress.path, APP_PARAMS);
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const INTERNATIONAL = internationalApplication();

const SAVED_PATH = buildPath(getDisbursement.path, APP_PARAMS);

function serve(
  answer: () => Response = () => jsonResponse(makeDisbursement({ method: 'USDC_WALLET' })),
  saved: () => Response = () => jsonResponse({ disbursement: null }),
) {
  return mockFetch({
    ...applicationHandlers(INTERNATIONAL),
    [`POST ${WALLET_PATH}`]: answer,
    [`GET ${SAVED_PATH}`]: saved,
  });
}

async function showForm() {
  const view = renderApp(`${APP}/usdc-disbursement`);
  await findPageHeading('Enter your USDC wallet');
  return view;
}

describe('the USDC wallet', () => {
  it('explains the USDC payout and the test transfer, and offers the nine chains', async () => {
    serve();
    await showForm();
    expect(screen.getByText(/paid out in USDC/)).toHaveTextContent(/small test transfer/);
    const network = screen.getByRole('combobox', { name: /Network/ });
    expect(
      within(network)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a network', ...USDC_CHAINS]);
    expect(USDC_CHAINS).toHaveLength(9);
  });

  it('asks for an address and a network', async () => {
    const fetch = serve();
    const { user } = await showForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('You must enter a wallet address')).toBeVisible();
    expect(screen.getByText('Please select a supported network')).toBeVisible();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/wallet-address'))).toBe(false);
  });

  it('refuses an address over 44 characters', async () => {
    serve();
    const { user } = await showForm();
    await user.type(screen.getByLabelText(/^Wallet address/), 'a'.repeat(45));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Wallet address exceeds supported character limits')).toBeVisible();
  });

  it('saves the address on the chosen network and goes to the final steps', async () => {
    const fetch = serve();
    const { user, router } = await showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Network/ }), 'Base');
    await user.type(screen.getByLabelText(/^Wallet address/), ` ${ADDRESS} `);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/wallet-address'));
    expect(sentBody(call?.[1] ?? {})).toEqual({ address: ADDRESS, chain: 'Base' });
  });

  it('shows the server’s check of the address on that network', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'VALIDATION',
          message: 'Invalid request',
          fieldErrors: { address: ['Enter a valid Solana wallet address'] },
        },
        400,
      ),
    );
    const { user, router } = await showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Network/ }), 'Solana');
    await user.type(screen.getByLabelText(/^Wallet address/), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Enter a valid Solana wallet address', {}, LOADED),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Wallet address/)).toHaveAttribute('aria-invalid', 'true');
    expect(currentUrl(router)).toBe(`${APP}/usdc-disbursement`);
  });

  it('says something unexpected happened when the server fails', async () => {
    serve(() => jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503));
    const { user } = await showForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Network/ }), 'Ethereum');
    await user.type(screen.getByLabelText(/^Wallet address/), ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Something unexpected happened. Try again',
    );
  });

  it('shows the saved wallet when the borrower comes back, to keep or change', async () => {
    const fetch = serve(undefined, () =>
      jsonResponse({
        disbursement: makeDisbursement({
          method: 'USDC_WALLET',
          accountNumberMask: null,
          routingNumber: null,
          accountHolderName: null,
          walletAddress: ADDRESS,
          chain: 'Base',
        }),
      }),
    );
    const { user, router } = await showForm();
    expect(screen.getByText('Your USDC wallet is saved')).toBeVisible();
    expect(screen.getByLabelText(/^Wallet address/)).toHaveValue(ADDRESS);
    expect(screen.getByRole('combobox', { name: /Network/ })).toHaveValue('Base');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/wallet-address'));
    expect(sentBody(call?.[1] ?? {})).toEqual({ address: ADDRESS, chain: 'Base' });
  });

  it('sends a US borrower to the bank account choice', async () => {
    mockFetch(applicationHandlers());
    const { router } = renderApp(`${APP}/usdc-disbursement`);
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/disbursement`), LOADED);
  });
});
