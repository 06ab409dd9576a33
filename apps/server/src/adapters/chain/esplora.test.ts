import { describe, expect, it } from 'vitest';
import { createEsploraWatcher } from './esplora.js';
import { baseUnitsToCoins, ChainUnavailableError, type TChainFetch } from './port.js';
import { recordedAnswer } from '../../../test/helpers/recorded.js';

const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const BASE = 'https://esplora.test/api';

/** Answers in the shape Esplora sends (test/fixtures/chain). */
const TXS = recordedAnswer('chain/esplora-address-txs');

function fakeFetch(routes: Record<string, unknown>) {
  const urls: string[] = [];
  const fetch: TChainFetch = async (url) => {
    urls.push(url);
    const answer = routes[url.slice(BASE.length)];
    if (answer === undefined) return new Response('not found', { status: 404 });
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer));
  };
  return { fetch, urls };
}

describe('Esplora watcher', () => {
  it('lists what the address received, with confirmations from the tip', async () => {
    const { fetch, urls } = fakeFetch({
      [`/address/${ADDRESS}/txs`]: TXS,
      '/blocks/tip/height': '840101',
    });
    const watcher = createEsploraWatcher({ baseUrl: BASE, fetch });
    expect(await watcher.listTransactions(ADDRESS)).toEqual([
      { txid: 'a'.repeat(64), amount: '0.1', confirmations: 0, time: null },
      {
        txid: 'b'.repeat(64),
        amount: '0.25',
        confirmations: 2,
        time: new Date(1714000000 * 1000),
      },
      {
        txid: 'c'.repeat(64),
        amount: '0.12345679',
        confirmations: 102,
        time: new Date(1713900000 * 1000),
      },
    ]);
    expect(urls).toEqual([`${BASE}/address/${ADDRESS}/txs`, `${BASE}/blocks/tip/height`]);
  });

  it('reads the address both ways: a spend from it is a withdrawal, its change netted', async () => {
    const OTHER = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    // Spends the 0.12345679 of cccc…: 0.1 out to another address, 0.02345 back as change.
    const spend = {
      txid: 'e'.repeat(64),
      status: { confirmed: true, block_height: 840101, block_time: 1714100000 },
      vin: [{ prevout: { scriptpubkey_address: ADDRESS, value: 12_345_679 } }],
      vout: [
        { scriptpubkey_address: OTHER, value: 10_000_000 },
        { scriptpubkey_address: ADDRESS, value: 2_345_000 },
      ],
    };
    const { fetch } = fakeFetch({
      [`/address/${ADDRESS}/txs`]: [spend, ...(TXS as unknown[])],
      '/blocks/tip/height': '840101',
    });
    const watcher = createEsploraWatcher({ baseUrl: BASE, fetch });
    const state = await watcher.readAddress(ADDRESS, 3);
    expect(state.withdrawals).toEqual([
      {
        txid: 'e'.repeat(64),
        amount: '0.10000679',
        confirmations: 1,
        time: new Date(1714100000 * 1000),
      },
    ]);
    expect(state.deposits.map((deposit) => deposit.txid)).toEqual([
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
    ]);
    expect(state.tipHeight).toBe(840101);
    // Three confirmations reach back to 840099: only cccc… (102) is that deep, the spend is not yet.
    expect(state.balanceHeight).toBe(840099);
    expect(state.confirmedBalance).toBe('0.12345679');
    // At one confirmation the spend and bbbb… count: 0.25 + 0.12345679 − 0.10000679.
    expect((await watcher.readAddress(ADDRESS, 1)).confirmedBalance).toBe('0.27345');
    // The deposits alone, as before.
    expect(await watcher.listTransactions(ADDRESS)).toEqual(state.deposits);
  });

  it('fails as unavailable on errors and unexpected answers', async () => {
    const down = createEsploraWatcher({
      baseUrl: BASE,
      fetch: fakeFetch({ [`/address/${ADDRESS}/txs`]: new TypeError('fetch failed') }).fetch,
    });
    await expect(down.listTransactions(ADDRESS)).rejects.toThrow(ChainUnavailableError);
    const garbled = createEsploraWatcher({
      baseUrl: BASE,
      fetch: fakeFetch({ [`/address/${ADDRESS}/txs`]: { unexpected: true } }).fetch,
    });
    await expect(garbled.listTransactions(ADDRESS)).rejects.toThrow(ChainUnavailableError);
    const noTip = createEsploraWatcher({
      baseUrl: BASE,
      fetch: fakeFetch({ [`/address/${ADDRESS}/txs`]: TXS }).fetch,
    });
    await expect(noTip.listTransactions(ADDRESS)).rejects.toThrow(ChainUnavailableError);
  });

  it.each([
    [0n, 8, '0'],
    [1n, 8, '0.00000001'],
    [123_456_789n, 8, '1.23456789'],
    [2_000_000_000_000_000_000n, 18, '2'],
    [1_500_000_000_000_000_001n, 18, '1.500000000000000001'],
  ])('converts %s base units with %i decimals exactly', (units, decimals, coins) => {
    expect(baseUnitsToCoins(units, decimals)).toBe(coins);
  });
});
