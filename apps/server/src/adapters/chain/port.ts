/**
 * The chain port: deposit addresses derived from the configured account public keys, and what a
 * chain says about one address. The sandbox answers from its simulated chain; the real adapters
 * watch Bitcoin through an Esplora HTTP API and Ethereum through JSON-RPC.
 */
import type { TChainNetwork, TCollateralType } from '@pledge/domain';

/** The coins held as collateral on a chain this server watches. */
export const CHAIN_COINS = ['BTC', 'ETH'] as const;
export type TChainCoin = (typeof CHAIN_COINS)[number];

export function isChainCoin(type: TCollateralType | string): type is TChainCoin {
  return (CHAIN_COINS as readonly string[]).includes(type);
}

/** An incoming movement to an address. */
export interface TChainTransaction {
  /** Unique per address and stable across polls (a transaction hash). */
  txid: string;
  /** Coins received, exact decimal string ("0.015"). */
  amount: string;
  /** 0 while unconfirmed. */
  confirmations: number;
  /** Block time; null while unconfirmed or when the chain does not say (first seen is used). */
  time: Date | null;
}

/**
 * What a chain says about one address in one read: the movements in and out, the tip it read
 * them at, and the balance that has the required confirmations (as of `balanceHeight`).
 */
export interface TChainAddressState {
  /** Incoming movements (as listTransactions answers them). */
  deposits: TChainTransaction[];
  /** Outgoing movements: coins that left the address (a release, a liquidation sale). */
  withdrawals: TChainTransaction[];
  /** The chain's tip when read. */
  tipHeight: number;
  /** The block at which `confirmedBalance` holds: the tip less the required confirmations. */
  balanceHeight: number;
  /** Coins at the address with the required confirmations, exact decimal; never negative. */
  confirmedBalance: string;
}

export interface TChainWatcher {
  /** Incoming transactions to the address; throws ChainUnavailableError when the node fails. */
  listTransactions(address: string): Promise<TChainTransaction[]>;
  /** Movements both ways, tip and confirmed balance; throws ChainUnavailableError likewise. */
  readAddress(address: string, requiredConfirmations: number): Promise<TChainAddressState>;
}

export interface TChainPort {
  /** The chain the addresses live on: the sandbox's simulated one, or the main networks. */
  network: TChainNetwork;
  /** The deposit address at child index `index` of the coin's account key. */
  depositAddress(type: TChainCoin, index: number): string;
  listTransactions(type: TChainCoin, address: string): Promise<TChainTransaction[]>;
  /** The address read both ways, at the coin's required confirmations. */
  readAddress(type: TChainCoin, address: string): Promise<TChainAddressState>;
  /** Confirmations after which a deposit counts toward the collateral. */
  requiredConfirmations(type: TChainCoin): number;
}

export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
}

/** An integer of base units (satoshi, wei) as an exact decimal string of whole coins. */
export function baseUnitsToCoins(units: bigint, decimals: number): string {
  if (units < 0n) throw new RangeError('A received amount cannot be negative');
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/**
 * The block at which a balance with `requiredConfirmations` holds: a block counts one confirmation
 * when it is the tip, so `required` confirmations reach back to tip − required + 1.
 */
export function confirmedHeightOf(tipHeight: number, requiredConfirmations: number): number {
  return Math.max(0, tipHeight - Math.max(0, requiredConfirmations - 1));
}

/** The fetch the real watchers need (injected in tests, the global fetch in the process). */
export type TChainFetch = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<Response>;

/** A node that does not answer within this long is treated as down for this poll. */
export const CHAIN_REQUEST_TIMEOUT_MS = 10_000;
