/**
 * Ether deposits through Ethereum JSON-RPC. Plain ether transfers leave no logs, and a node cannot
 * list the transactions of an address, so the watcher reads balances instead: the balance at the
 * block `required confirmations` deep is what is confirmed, the rest of the latest balance is still
 * confirming. Each is reported as one movement with a stable id per address, whose amount grows as
 * more arrives (deposit addresses are never spent from while collateral is being posted).
 *
 * A node without an index cannot list the transfers that left an address either: a withdrawal
 * shows as a lower confirmed balance (read at the confirmed block), which is what the collateral
 * proof and its discrepancy check compare; no outgoing movement is made up.
 */
import { BaseError, createPublicClient, http, type Address } from 'viem';
import {
  baseUnitsToCoins,
  CHAIN_REQUEST_TIMEOUT_MS,
  ChainUnavailableError,
  confirmedHeightOf,
  type TChainAddressState,
  type TChainFetch,
  type TChainTransaction,
  type TChainWatcher,
} from './port.js';

const WEI_DECIMALS = 18;

export interface TEvmRpcOptions {
  /** The node's JSON-RPC URL. */
  url: string;
  fetch: TChainFetch;
  /** Confirmations a deposit needs (the depth of the "confirmed" balance). */
  confirmations: number;
}

/** Ids of the two movements the balance watcher reports for an address. */
export function evmBalanceTxids(address: string): { confirmed: string; pending: string } {
  const lower = address.toLowerCase();
  return { confirmed: `balance:${lower}:confirmed`, pending: `balance:${lower}:pending` };
}

/** What a failed call says, without the request (viem's message repeats the URL and body). */
function reasonOf(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : 'unknown';
}

/**
 * The JSON-RPC client is viem's (request ids, answer checks, hex quantities); this module keeps
 * the port: the fetch it is given, one timeout, no retries of its own (the watch job retries), and
 * every failure reported as ChainUnavailableError.
 */
export function createEvmRpcWatcher(options: TEvmRpcOptions): TChainWatcher {
  const client = createPublicClient({
    transport: http(options.url, {
      fetchFn: (input, init) =>
        options.fetch(input instanceof Request ? input.url : input.toString(), {
          method: init?.method ?? 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          ...(typeof init?.body === 'string' ? { body: init.body } : {}),
          signal: init?.signal ?? AbortSignal.timeout(CHAIN_REQUEST_TIMEOUT_MS),
        }),
      timeout: CHAIN_REQUEST_TIMEOUT_MS,
      retryCount: 0,
      batch: false,
    }),
  });

  async function call<T>(method: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new ChainUnavailableError(`${method} failed: ${reasonOf(error)}`);
    }
  }

  /** The tip, the balance `confirmations` deep and the latest balance of one address. */
  async function balances(
    address: string,
    confirmations: number,
  ): Promise<{ tip: bigint; confirmedBlock: bigint; confirmed: bigint; latest: bigint }> {
    const account = address as Address;
    const tip = await call('eth_blockNumber', () => client.getBlockNumber({ cacheTime: 0 }));
    const depth = BigInt(Math.max(0, confirmations - 1));
    const confirmedBlock = tip >= depth ? tip - depth : 0n;
    const latest = await call('eth_getBalance', () =>
      client.getBalance({ address: account, blockTag: 'latest' }),
    );
    const confirmed =
      confirmations === 0
        ? latest
        : await call('eth_getBalance', () =>
            client.getBalance({ address: account, blockNumber: confirmedBlock }),
          );
    return { tip, confirmedBlock, confirmed, latest };
  }

  function movementsOf(
    address: string,
    confirmations: number,
    read: { confirmed: bigint; latest: bigint },
  ): TChainTransaction[] {
    const ids = evmBalanceTxids(address);
    const movements: TChainTransaction[] = [];
    if (read.confirmed > 0n) {
      movements.push({
        txid: ids.confirmed,
        amount: baseUnitsToCoins(read.confirmed, WEI_DECIMALS),
        confirmations,
        // A balance has no block time: the watcher keeps when it was first seen.
        time: null,
      });
    }
    if (read.latest > read.confirmed) {
      movements.push({
        txid: ids.pending,
        amount: baseUnitsToCoins(read.latest - read.confirmed, WEI_DECIMALS),
        confirmations: 0,
        time: null,
      });
    }
    return movements;
  }

  return {
    async listTransactions(address) {
      return movementsOf(
        address,
        options.confirmations,
        await balances(address, options.confirmations),
      );
    },
    async readAddress(address, requiredConfirmations): Promise<TChainAddressState> {
      const read = await balances(address, requiredConfirmations);
      const tipHeight = Number(read.tip);
      return {
        deposits: movementsOf(address, requiredConfirmations, read),
        withdrawals: [],
        tipHeight,
        balanceHeight:
          requiredConfirmations === 0
            ? tipHeight
            : confirmedHeightOf(tipHeight, requiredConfirmations),
        confirmedBalance: baseUnitsToCoins(read.confirmed, WEI_DECIMALS),
      };
    },
  };
}
