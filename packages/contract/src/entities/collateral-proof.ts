import { z } from 'zod/mini';
import {
  CHAIN_NETWORKS,
  COLLATERAL_ATTESTATION_MAX_CHARS,
  COLLATERAL_PROOF_MAX_MOVEMENTS,
  COLLATERAL_PROOF_STATUSES,
  COLLATERAL_TYPES,
} from '@pledge/domain';
import { ZCoinQuantity, ZIsoDateTime } from '../wire.js';

/** A loan holds its coins at one deposit address today; a few more leave room for a renewal's. */
export const COLLATERAL_PROOF_MAX_ADDRESSES = 10;

const ZExplorerUrl = z.nullable(z.url().check(z.maxLength(300)));

export const ZCollateralProofAddress = z.object({
  address: z.string().check(z.minLength(1), z.maxLength(128)),
  /** The address on a public block explorer; null on the sandbox chain. */
  explorerUrl: ZExplorerUrl,
});

export const COLLATERAL_MOVEMENT_DIRECTIONS = ['DEPOSIT', 'WITHDRAWAL'] as const;

export const ZCollateralProofMovement = z.object({
  direction: z.enum(COLLATERAL_MOVEMENT_DIRECTIONS),
  /** The transaction id (on Ethereum, a balance change when the node reports no transfer). */
  txid: z.string().check(z.minLength(1), z.maxLength(128)),
  amount: ZCoinQuantity,
  confirmations: z.number().check(z.int(), z.nonnegative()),
  /** It has the confirmations the watcher requires. */
  isConfirmed: z.boolean(),
  /** Block time, or when the watcher first saw it. */
  time: ZIsoDateTime,
  explorerUrl: ZExplorerUrl,
});
export type TCollateralProofMovement = z.infer<typeof ZCollateralProofMovement>;

/** The watcher's last confirmed read of the loan's addresses. */
export const ZCollateralProofBalance = z.object({
  confirmedBalance: ZCoinQuantity,
  /** The block the balance holds at (the tip less the confirmations required). */
  blockHeight: z.number().check(z.int(), z.nonnegative()),
  /** The chain's tip when it was read. */
  tipHeight: z.number().check(z.int(), z.nonnegative()),
  /** When the chain was read. */
  readAt: ZIsoDateTime,
});

/**
 * Proof that a loan's collateral is where it should be, from the chain watcher's records only: the
 * same for the borrower and for anyone the borrower gave the public link (no name, no e-mail, no
 * amount owed, no loan id).
 */
export const ZCollateralProof = z.object({
  collateralType: z.enum(COLLATERAL_TYPES),
  /** SANDBOX: the simulated chain of a sandbox deployment (no explorer links). */
  network: z.enum(CHAIN_NETWORKS),
  addresses: z.array(ZCollateralProofAddress).check(z.maxLength(COLLATERAL_PROOF_MAX_ADDRESSES)),
  /** HELD, SHORT (below what the loan should hold: being looked into) or CHECKING (no read yet). */
  status: z.enum(COLLATERAL_PROOF_STATUSES),
  balance: z.nullable(ZCollateralProofBalance),
  /** Newest first. */
  movements: z.array(ZCollateralProofMovement).check(z.maxLength(COLLATERAL_PROOF_MAX_MOVEMENTS)),
  /** The lender that holds the coins, and its statement that they are held and not re-lent. */
  companyName: z.string().check(z.minLength(1), z.maxLength(200)),
  attestation: z.string().check(z.minLength(1), z.maxLength(COLLATERAL_ATTESTATION_MAX_CHARS)),
});
export type TCollateralProof = z.infer<typeof ZCollateralProof>;

/** A public link's token: 32 random bytes, base64url without padding. */
export const ZCollateralProofToken = z
  .string()
  .check(z.maxLength(64), z.regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a collateral proof link token'));
