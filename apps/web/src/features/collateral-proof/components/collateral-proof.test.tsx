import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  deleteCollateralProofLink,
  getCollateralProof,
  getPublicCollateralProof,
  postCollateralProofLink,
  type TCollateralProof,
  type TGetCollateralProofResponse,
} from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { CollateralProofSection } from './collateral-proof-section.js';
import { TestProviders } from '../../../test/providers.js';

const APP_UUID = '3f2b8c1e-7d4a-4e9b-8c5f-1a2b3c4d5e6f';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const DEPOSIT_TXID = 'a'.repeat(64);
const WITHDRAWAL_TXID = 'b'.repeat(64);

function proof(overrides: Partial<TCollateralProof> = {}): TCollateralProof {
  return {
    collateralType: 'BTC',
    network: 'MAINNET',
    addresses: [{ address: ADDRESS, explorerUrl: `https://mempool.space/address/${ADDRESS}` }],
    status: 'HELD',
    balance: {
      confirmedBalance: '0.6',
      blockHeight: 840_099,
      tipHeight: 840_101,
      readAt: '2025-03-04T15:30:00.000Z',
    },
    movements: [
      {
        direction: 'WITHDRAWAL',
        txid: WITHDRAWAL_TXID,
        amount: '0.4',
        confirmations: 3,
        isConfirmed: true,
        time: '2025-03-04T15:00:00.000Z',
        explorerUrl: `https://mempool.space/tx/${WITHDRAWAL_TXID}`,
      },
      {
        direction: 'DEPOSIT',
        txid: DEPOSIT_TXID,
        amount: '1',
        confirmations: 120,
        isConfirmed: true,
        time: '2025-02-01T10:00:00.000Z',
        explorerUrl: `https://mempool.space/tx/${DEPOSIT_TXID}`,
      },
    ],
    companyName: 'Harbor Credit Partners',
    attestation: 'Harbor Credit Partners keeps the collateral of this loan at the address shown.',
    ...overrides,
  };
}

function borrowerProof(
  overrides: Partial<TGetCollateralProofResponse> = {},
): TGetCollateralProofResponse {
  return { ...proof(), publicLink: null, ...overrides };
}

const route = (endpoint: { method: string; path: string }, params: Record<string, string>) =>
  `${endpoint.method} ${buildPath(endpoint.path, params)}`;

describe('the loan page’s collateral proof', () => {
  it('shows the address with its explorer link, the confirmed balance, every movement and the statement', async () => {
    mockFetch({
      [route(getCollateralProof, { appUuid: APP_UUID })]: () => jsonResponse(borrowerProof()),
    });
    render(<CollateralProofSection appUuid={APP_UUID} />, { wrapper: TestProviders });
    const section = await screen.findByRole('region', { name: 'Proof of your collateral' });
    expect(
      await within(section).findByTestId('collateral-proof-address', {}, LOADED),
    ).toHaveTextContent(ADDRESS);
    expect(
      within(section).getByRole('link', { name: /See this BTC address on a block explorer/ }),
    ).toHaveAttribute('href', `https://mempool.space/address/${ADDRESS}`);
    const balance = within(section).getByTestId('collateral-proof-balance');
    expect(balance).toHaveTextContent('Confirmed balance0.6 BTC');
    expect(balance).toHaveTextContent('At block840,099');
    const rows = within(within(section).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining(`Withdrawal−0.4 BTC${WITHDRAWAL_TXID}`),
      expect.stringContaining(`Deposit+1 BTC${DEPOSIT_TXID}`),
    ]);
    expect(
      within(section).getByRole('link', { name: new RegExp(WITHDRAWAL_TXID) }),
    ).toHaveAttribute('rel', 'noopener noreferrer');
    expect(section).toHaveTextContent('Harbor Credit Partners keeps the collateral');
    // Not a sandbox: no sandbox notice.
    expect(within(section).queryByText('Sandbox chain')).toBeNull();
  });

  it('says the balance is being checked, never shows it as held, when it is short', async () => {
    mockFetch({
      [route(getCollateralProof, { appUuid: APP_UUID })]: () =>
        jsonResponse(borrowerProof({ status: 'SHORT' })),
    });
    render(<CollateralProofSection appUuid={APP_UUID} />, { wrapper: TestProviders });
    const alert = await screen.findByText('Being checked', {}, LOADED);
    expect(alert.closest('.alert')).toHaveTextContent(
      /below the coins this loan should hold there\. Our team has been alerted/,
    );
    expect(screen.queryByText('Confirmed balance')).toBeNull();
  });

  it('names the sandbox chain and links no explorer there', async () => {
    mockFetch({
      [route(getCollateralProof, { appUuid: APP_UUID })]: () =>
        jsonResponse(
          borrowerProof({
            network: 'SANDBOX',
            addresses: [{ address: ADDRESS, explorerUrl: null }],
            movements: proof().movements.map((movement) => ({ ...movement, explorerUrl: null })),
          }),
        ),
    });
    render(<CollateralProofSection appUuid={APP_UUID} />, { wrapper: TestProviders });
    expect(await screen.findByText('Sandbox chain', {}, LOADED)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Proof of your collateral' });
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('makes a public link on request, shows it once to copy, and turns it off', async () => {
    let link: TGetCollateralProofResponse['publicLink'] = null;
    const calls: string[] = [];
    mockFetch({
      [route(getCollateralProof, { appUuid: APP_UUID })]: () =>
        jsonResponse(borrowerProof({ publicLink: link })),
      [route(postCollateralProofLink, { appUuid: APP_UUID })]: () => {
        calls.push('make');
        link = { createdAt: '2025-03-05T09:00:00.000Z' };
        return jsonResponse({ token: TOKEN, createdAt: link.createdAt }, 201);
      },
      [route(deleteCollateralProofLink, { appUuid: APP_UUID })]: () => {
        calls.push('off');
        link = null;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    render(<CollateralProofSection appUuid={APP_UUID} />, { wrapper: TestProviders });
    // Nothing is shared until the borrower asks.
    await user.click(await screen.findByRole('button', { name: 'Make a public link' }, LOADED));
    const input = await screen.findByLabelText('Your public link');
    expect(input).toHaveValue(
      `${window.location.origin}/account/crypto-backed-loan/collateral-proof/${TOKEN}`,
    );
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Turn the link off' }));
    await waitFor(() => expect(screen.queryByLabelText('Your public link')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Make a public link' })).toBeInTheDocument();
    expect(calls).toEqual(['make', 'off']);
  });

  it('asks once per "make a link": a double click sends one key twice, the next click a new one', async () => {
    const keys: string[] = [];
    let link: TGetCollateralProofResponse['publicLink'] = null;
    let answer: (() => void) | undefined;
    mockFetch({
      [route(getCollateralProof, { appUuid: APP_UUID })]: () =>
        jsonResponse(borrowerProof({ publicLink: link })),
      [route(postCollateralProofLink, { appUuid: APP_UUID })]: async (_url, init) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? 'none');
        // The answer waits, as on a slow network, until both clicks are in.
        await new Promise<void>((resolve) => {
          answer = resolve;
          if (keys.length !== 1) resolve();
        });
        link = { createdAt: '2025-03-05T09:00:00.000Z' };
        return jsonResponse({ token: TOKEN, createdAt: link.createdAt }, 201);
      },
    });
    const user = userEvent.setup();
    render(<CollateralProofSection appUuid={APP_UUID} />, { wrapper: TestProviders });
    const make = await screen.findByRole('button', { name: 'Make a public link' }, LOADED);
    await user.dblClick(make);
    await waitFor(() => expect(keys.length).toBeGreaterThanOrEqual(1));
    answer?.();
    expect(await screen.findByLabelText('Your public link')).toHaveValue(
      `${window.location.origin}/account/crypto-backed-loan/collateral-proof/${TOKEN}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(keys.length).toBeGreaterThanOrEqual(2));
    const [first, ...rest] = keys;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const last = rest.at(-1);
    // Every request of the double click carried the first key; the later click its own.
    for (const key of rest.slice(0, -1)) expect(key).toBe(first);
    expect(last).not.toBe(first);
    expect(last).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows nothing for a loan without a tracked address', async () => {
    const fetch = mockFetch({});
    const { container } = render(<CollateralProofSection appUuid={APP_UUID} />, {
      wrapper: TestProviders,
    });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});

describe('the public collateral proof page', () => {
  it('shows the proof without signing in, kept out of search engines', async () => {
    mockFetch({
      [route(getPublicCollateralProof, { token: TOKEN })]: () => jsonResponse(proof()),
    });
    renderApp(`/account/crypto-backed-loan/collateral-proof/${TOKEN}`);
    expect(await findPageHeading('Collateral proof')).toBeInTheDocument();
    expect(screen.getByTestId('collateral-proof-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByRole('heading', { level: 2, name: 'Balance on the chain' })).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    // No link to share here, and nothing of the borrower's.
    expect(screen.queryByRole('button', { name: /public link/ })).toBeNull();
  });

  it('says a turned-off, unknown or malformed link leads nowhere', async () => {
    const fetch = mockFetch({});
    renderApp(`/account/crypto-backed-loan/collateral-proof/${TOKEN}`);
    expect(await findPageHeading('Collateral proof not found')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
  });

  it('asks nothing of the server for a link that is not a token', async () => {
    const fetch = mockFetch({});
    renderApp('/account/crypto-backed-loan/collateral-proof/not-a-token');
    expect(await findPageHeading('Collateral proof not found')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => String(input).includes('collateral-proofs'))).toBe(
      false,
    );
  });
});
