/**
 * The per-loan collateral proof: where a loan's coins are held, what the chain watcher last read
 * there, and whether that reading covers what the ledger says the loan holds. The figures always
 * come from the watcher's records; these rules only decide how a reading is shown and where its
 * address and transactions can be checked independently.
 */
import { Decimal } from './decimal.js';
import type { TCollateralType } from './enums.js';

/**
 * Which chain an address lives on. The sandbox chain is simulated: its addresses look like real
 * ones but hold nothing, so no public explorer is ever linked for them.
 */
export const CHAIN_NETWORKS = ['MAINNET', 'SANDBOX'] as const;
export type TChainNetwork = (typeof CHAIN_NETWORKS)[number];

/** Public block explorers of the main networks, per coin: an address page and a transaction page. */
export const MAINNET_BLOCK_EXPLORERS: Readonly<
  Partial<Record<TCollateralType, { addressUrl: string; transactionUrl: string }>>
> = {
  BTC: {
    addressUrl: 'https://mempool.space/address/',
    transactionUrl: 'https://mempool.space/tx/',
  },
  ETH: {
    addressUrl: 'https://etherscan.io/address/',
    transactionUrl: 'https://etherscan.io/tx/',
  },
};

/** Transaction ids an explorer can open: a hash, 0x-prefixed on Ethereum. */
const EXPLORER_TXID = /^(0x)?[0-9a-fA-F]{64}$/;

/** The explorer page of an address, or null where there is none (the sandbox, an unknown coin). */
export function explorerAddressUrl(
  network: TChainNetwork,
  type: TCollateralType,
  address: string,
): string | null {
  const explorer = network === 'MAINNET' ? MAINNET_BLOCK_EXPLORERS[type] : undefined;
  return explorer === undefined ? null : `${explorer.addressUrl}${encodeURIComponent(address)}`;
}

/**
 * The explorer page of a transaction, or null: in the sandbox, and for a movement the watcher
 * only knows as a balance change (an Ethereum node reports balances, not transfers).
 */
export function explorerTransactionUrl(
  network: TChainNetwork,
  type: TCollateralType,
  txid: string,
): string | null {
  const explorer = network === 'MAINNET' ? MAINNET_BLOCK_EXPLORERS[type] : undefined;
  if (explorer === undefined || !EXPLORER_TXID.test(txid)) return null;
  return `${explorer.transactionUrl}${txid}`;
}

/**
 * How a proof shows the balance:
 * - HELD: the watcher's last confirmed balance covers what the ledger says the loan holds;
 * - SHORT: it is below that (a discrepancy, looked into by an agent; the borrower is told so,
 *   never shown a figure as if all were well);
 * - CHECKING: no confirmed reading yet (the watcher has not read the address since it was set up).
 */
export const COLLATERAL_PROOF_STATUSES = ['HELD', 'SHORT', 'CHECKING'] as const;
export type TCollateralProofStatus = (typeof COLLATERAL_PROOF_STATUSES)[number];

export function collateralProofStatus(input: {
  /** The watcher's last confirmed balance of the loan's addresses, or null when never read. */
  confirmedBalance: string | null;
  /** What the ledger says the loan holds; null when it holds none (before funding, after release). */
  expectedCoins: string | null;
}): TCollateralProofStatus {
  if (input.confirmedBalance === null) return 'CHECKING';
  if (input.expectedCoins === null) return 'HELD';
  return new Decimal(input.confirmedBalance).lt(new Decimal(input.expectedCoins))
    ? 'SHORT'
    : 'HELD';
}

/** The brand's statement on the proof page: bounded, so a brand file cannot fill the page. */
export const COLLATERAL_ATTESTATION_MIN_CHARS = 20;
export const COLLATERAL_ATTESTATION_MAX_CHARS = 600;

/** The statement of a brand whose data gives none. */
export function defaultCollateralAttestation(companyName: string): string {
  return `${companyName} holds the collateral of this loan at the address shown, in custody for the borrower. These coins are not lent, pledged or rehypothecated to anyone else while the loan is open, and are returned to the borrower when it is paid off.`;
}

/** Random bytes of a public proof link's token: 256 bits, far beyond guessing. */
export const COLLATERAL_PROOF_TOKEN_BYTES = 32;

/** A public proof page is refreshed this often while it is open. */
export const COLLATERAL_PROOF_POLL_MS = 30_000;

/** The movements a proof lists at most (newest first); a deposit address sees a handful. */
export const COLLATERAL_PROOF_MAX_MOVEMENTS = 200;
