/**
 * Ether deposits through Ethereum JSON-RPC. Plain ether transfers leave no logs, and a node cannot
 * list the transactions of an address, so the watcher reads balances instead: the balance at the
 * block `required confirmations` deep is what is confirmed, the rest of the latest balance is still
 * confirming. Each is reported as one movement with a stable id per address, whose amount grows as
 * more arrives (deposit addresses are never spent from while collateral is being posted).
 */
import { z } from 'zod';
import {
  baseUnitsToCoins,
  CHAIN_REQUEST_TIMEOUT_MS,
  ChainUnavailableError,
  type TChainFetch,
  type TChainTransaction,
  type TChainWatcher,
} from './port.js';

const WEI_DECIMALS = 18;
const HEX_QUANTITY = /^0x[0-9a-fA-F]+$/;

const ZRpcAnswer = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: z.number(), result: z.string().regex(HEX_QUANTITY) }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: z.number(),
    error: z.object({ code: z.number(), message: z.string() }),
  }),
]);

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

export function createEvmRpcWatcher(options: TEvmRpcOptions): TChainWatcher {
  let nextId = 1;

  async function call(method: string, params: unknown[]): Promise<bigint> {
    const id = nextId++;
    let response: Response;
    try {
      response = await options.fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(CHAIN_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChainUnavailableError(
        `The Ethereum node did not answer: ${error instanceof Error ? error.message : 'unknown'}`,
      );
    }
    if (!response.ok) {
      throw new ChainUnavailableError(`The Ethereum node answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ChainUnavailableError('The Ethereum node answered something that is not JSON');
    }
    const answer = ZRpcAnswer.safeParse(body);
    if (!answer.success) throw new ChainUnavailableError(`Unexpected answer to ${method}`);
    if ('error' in answer.data) {
      throw new ChainUnavailableError(`${method} failed: ${answer.data.error.message}`);
    }
    return BigInt(answer.data.result);
  }

  return {
    async listTransactions(address) {
      const tip = await call('eth_blockNumber', []);
      const depth = BigInt(Math.max(0, options.confirmations - 1));
      const confirmedBlock = tip >= depth ? tip - depth : 0n;
      const latest = await call('eth_getBalance', [address, 'latest']);
      const confirmed =
        options.confirmations === 0
          ? latest
          : await call('eth_getBalance', [address, `0x${confirmedBlock.toString(16)}`]);
      const ids = evmBalanceTxids(address);
      const movements: TChainTransaction[] = [];
      if (confirmed > 0n) {
        movements.push({
          txid: ids.confirmed,
          amount: baseUnitsToCoins(confirmed, WEI_DECIMALS),
          confirmations: options.confirmations,
          // A balance has no block time: the watcher keeps when it was first seen.
          time: null,
        });
      }
      if (latest > confirmed) {
        movements.push({
          txid: ids.pending,
          amount: baseUnitsToCoins(latest - confirmed, WEI_DECIMALS),
          confirmations: 0,
          time: null,
        });
      }
      return movements;
    },
  };
}
