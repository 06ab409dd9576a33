/**
 * Bitcoin deposits through an Esplora HTTP API (Blockstream's, mempool.space's, or a self-hosted
 * electrs): GET /address/:a/txs (mempool and newest confirmed), /address/:a/txs/chain/:last for
 * older pages, and /blocks/tip/height for confirmations. A transaction's effect on the address is
 * what its outputs pay to it less what its inputs spend from it: more in is a deposit, more out a
 * withdrawal (a release or a liquidation sale; change back to the address is netted, not counted).
 */
import { z } from 'zod';
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

const SATOSHI_DECIMALS = 8;
/** Esplora pages confirmed history 25 transactions at a time. */
const ESPLORA_CHAIN_PAGE_SIZE = 25;
/** A deposit address sees a handful of transactions; far more means something else is going on. */
const MAX_PAGES = 40;

const ZEsploraTx = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
    block_time: z.number().int().nonnegative().optional(),
  }),
  /** Absent in some answers of coinbase transactions: nothing spent from the address. */
  vin: z
    .array(
      z.object({
        prevout: z
          .object({
            scriptpubkey_address: z.string().optional(),
            value: z.number().int().nonnegative(),
          })
          .nullable()
          .optional(),
      }),
    )
    .default([]),
  vout: z.array(
    z.object({
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
});
type TEsploraTx = z.infer<typeof ZEsploraTx>;

export interface TEsploraOptions {
  /** Base URL without a trailing slash, e.g. https://blockstream.info/api. */
  baseUrl: string;
  fetch: TChainFetch;
}

export function createEsploraWatcher(options: TEsploraOptions): TChainWatcher {
  async function get(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await options.fetch(`${options.baseUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(CHAIN_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ChainUnavailableError(
        `Esplora did not answer: ${error instanceof Error ? error.message : 'unknown'}`,
      );
    }
    if (!response.ok) throw new ChainUnavailableError(`Esplora answered ${response.status}`);
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ChainUnavailableError('Esplora answered something that is not JSON');
    }
  }

  async function history(address: string): Promise<TEsploraTx[]> {
    const encoded = encodeURIComponent(address);
    const first = z.array(ZEsploraTx).safeParse(await get(`/address/${encoded}/txs`));
    if (!first.success) throw new ChainUnavailableError('Esplora answered an unexpected shape');
    const all = [...first.data];
    let confirmedPage = first.data.filter((tx) => tx.status.confirmed);
    for (
      let page = 1;
      confirmedPage.length >= ESPLORA_CHAIN_PAGE_SIZE && page < MAX_PAGES;
      page += 1
    ) {
      const last = confirmedPage[confirmedPage.length - 1];
      if (last === undefined) break;
      const next = z
        .array(ZEsploraTx)
        .safeParse(await get(`/address/${encoded}/txs/chain/${last.txid}`));
      if (!next.success) throw new ChainUnavailableError('Esplora answered an unexpected shape');
      all.push(...next.data);
      confirmedPage = next.data;
    }
    return all;
  }

  /** Every movement of the address once, with its net effect and confirmations at the tip. */
  async function movements(
    address: string,
  ): Promise<{ tipHeight: number; moves: (TChainTransaction & { net: bigint })[] }> {
    const txs = await history(address);
    const tip = z.coerce
      .number()
      .int()
      .nonnegative()
      .safeParse(await get('/blocks/tip/height'));
    if (!tip.success) throw new ChainUnavailableError('Esplora answered an unexpected tip');
    const seen = new Set<string>();
    const moves: (TChainTransaction & { net: bigint })[] = [];
    for (const tx of txs) {
      if (seen.has(tx.txid)) continue;
      seen.add(tx.txid);
      // Integer satoshis: summed as BigInt, so nothing is rounded.
      const received = tx.vout
        .filter((output) => output.scriptpubkey_address === address)
        .reduce((sum, output) => sum + BigInt(output.value), 0n);
      const spent = tx.vin
        .filter((input) => input.prevout?.scriptpubkey_address === address)
        .reduce((sum, input) => sum + BigInt(input.prevout?.value ?? 0), 0n);
      const net = received - spent;
      if (net === 0n) continue;
      const height = tx.status.block_height;
      const isConfirmed = tx.status.confirmed && height !== undefined;
      moves.push({
        txid: tx.txid,
        amount: baseUnitsToCoins(net < 0n ? -net : net, SATOSHI_DECIMALS),
        confirmations: isConfirmed ? Math.max(0, tip.data - height + 1) : 0,
        time:
          isConfirmed && tx.status.block_time !== undefined
            ? new Date(tx.status.block_time * 1000)
            : null,
        net,
      });
    }
    return { tipHeight: tip.data, moves };
  }

  const withoutNet = ({ net: _net, ...move }: TChainTransaction & { net: bigint }) => move;

  return {
    async listTransactions(address) {
      const { moves } = await movements(address);
      return moves.filter((move) => move.net > 0n).map(withoutNet);
    },
    async readAddress(address, requiredConfirmations): Promise<TChainAddressState> {
      const { tipHeight, moves } = await movements(address);
      const confirmed = moves
        .filter((move) => move.confirmations >= Math.max(1, requiredConfirmations))
        .reduce((sum, move) => sum + move.net, 0n);
      return {
        deposits: moves.filter((move) => move.net > 0n).map(withoutNet),
        withdrawals: moves.filter((move) => move.net < 0n).map(withoutNet),
        tipHeight,
        balanceHeight: confirmedHeightOf(tipHeight, requiredConfirmations),
        // A spend of coins not yet confirmed in is counted before them: never below nothing.
        confirmedBalance: baseUnitsToCoins(confirmed > 0n ? confirmed : 0n, SATOSHI_DECIMALS),
      };
    },
  };
}
