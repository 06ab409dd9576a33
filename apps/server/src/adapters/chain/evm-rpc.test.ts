import { describe, expect, it } from 'vitest';
import { createEvmRpcWatcher, evmBalanceTxids } from './evm-rpc.js';
import { ChainUnavailableError, type TChainFetch } from './port.js';
import { recordedAnswer } from '../../../test/helpers/recorded.js';

const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

/** JSON-RPC answers in the shape an Ethereum node sends (test/fixtures/chain). */
const ANSWERS = recordedAnswer('chain/evm-rpc-answers') as Record<string, unknown>;

/** viem leaves `params` out of calls that take none (eth_blockNumber). */
type TRequest = { method: string; params?: unknown[] };

function fakeNode(answer: (request: TRequest) => unknown) {
  const requests: TRequest[] = [];
  const fetch: TChainFetch = async (_url, init) => {
    const request = JSON.parse(init.body ?? '{}') as TRequest;
    requests.push(request);
    const body = answer(request);
    if (body instanceof Error) throw body;
    return Response.json(body);
  };
  return { fetch, requests };
}

const recorded = (request: TRequest) =>
  request.method === 'eth_blockNumber'
    ? ANSWERS.eth_blockNumber
    : request.params?.[1] === 'latest'
      ? ANSWERS['eth_getBalance:latest']
      : ANSWERS['eth_getBalance:confirmed'];

describe('Ethereum JSON-RPC watcher', () => {
  it('reports the balance that is confirmed deep enough and the part still confirming', async () => {
    const { fetch, requests } = fakeNode(recorded);
    const watcher = createEvmRpcWatcher({
      url: 'http://node.test',
      fetch,
      confirmations: 12,
    });
    const ids = evmBalanceTxids(ADDRESS);
    expect(await watcher.listTransactions(ADDRESS)).toEqual([
      { txid: ids.confirmed, amount: '1.5', confirmations: 12, time: null },
      { txid: ids.pending, amount: '0.5', confirmations: 0, time: null },
    ]);
    // The confirmed balance is read 11 blocks below the tip (0x13a5c4e - 11).
    expect(requests.map((request) => request.params?.[1])).toEqual([
      undefined,
      'latest',
      `0x${(0x13a5c4e - 11).toString(16)}`,
    ]);
  });

  it('reads the confirmed balance at its block, the tip, and no transfer it cannot list', async () => {
    const { fetch } = fakeNode(recorded);
    const watcher = createEvmRpcWatcher({ url: 'http://node.test', fetch, confirmations: 12 });
    const state = await watcher.readAddress(ADDRESS, 12);
    expect(state).toEqual({
      deposits: await watcher.listTransactions(ADDRESS),
      withdrawals: [],
      tipHeight: 0x13a5c4e,
      balanceHeight: 0x13a5c4e - 11,
      confirmedBalance: '1.5',
    });
  });

  it('reports nothing for an empty address', async () => {
    const { fetch } = fakeNode((request) =>
      request.method === 'eth_blockNumber'
        ? ANSWERS.eth_blockNumber
        : { jsonrpc: '2.0', id: 1, result: '0x0' },
    );
    const watcher = createEvmRpcWatcher({ url: 'http://node.test', fetch, confirmations: 12 });
    expect(await watcher.listTransactions(ADDRESS)).toEqual([]);
  });

  it('fails as unavailable on RPC errors and network failures', async () => {
    const failing = createEvmRpcWatcher({
      url: 'http://node.test',
      fetch: fakeNode(() => ANSWERS.error).fetch,
      confirmations: 12,
    });
    await expect(failing.listTransactions(ADDRESS)).rejects.toThrow('header not found');
    const down = createEvmRpcWatcher({
      url: 'http://node.test',
      fetch: fakeNode(() => new TypeError('fetch failed')).fetch,
      confirmations: 12,
    });
    await expect(down.listTransactions(ADDRESS)).rejects.toThrow(ChainUnavailableError);
  });
});
