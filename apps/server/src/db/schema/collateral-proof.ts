/**
 * What the collateral proof reads besides the deposits: the movements that left a deposit address
 * (a release, a liquidation sale), the last confirmed balance the watcher read per address with
 * the block height and time of that read, the public links a borrower made to the proof, and the
 * withdrawals of the sandbox's simulated chain. Expand-only tables: the release before this one
 * never reads them.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { COLLATERAL_TYPES } from '@pledge/domain';
import { applicationUuidColumn } from './applications.js';
import { chainMovementTable, sandboxChainTable } from './collateral.js';
import {
  coinQuantity,
  createdAt,
  generatedUuid,
  oneOf,
  timestamptz,
  updatedAt,
} from './columns.js';

/** A movement out of a deposit address, one row per transaction id, updated as it confirms. */
export const collateralWithdrawals = chainMovementTable('collateral_withdrawals', {
  boundsTxid: true,
});

/**
 * The watcher's last read of a deposit address: the balance with the required confirmations, the
 * block it holds at and the tip it was read at, when, and whether it was below what the ledger
 * said the loan held then (a discrepancy for the agents; its partial index keeps the count cheap).
 */
export const collateralAddressBalances = pgTable(
  'collateral_address_balances',
  {
    address: text('address').primaryKey(),
    applicationUuid: applicationUuidColumn(),
    collateralType: text('collateral_type').$type<(typeof COLLATERAL_TYPES)[number]>().notNull(),
    confirmedBalance: coinQuantity('confirmed_balance').notNull(),
    balanceHeight: bigint('balance_height', { mode: 'number' }).notNull(),
    tipHeight: bigint('tip_height', { mode: 'number' }).notNull(),
    /** When the chain was read (the server's clock). */
    readAt: timestamptz('read_at').notNull(),
    /** What the ledger said the loan held at the read; null when it held none. */
    expectedCoins: coinQuantity('expected_coins'),
    isShort: boolean('is_short').notNull().default(false),
    /** When the balance was first read below the ledger's; cleared once it covers it again. */
    shortSince: timestamptz('short_since'),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('collateral_address_balances_application_idx').on(table.applicationUuid),
    index('collateral_address_balances_short_idx')
      .on(table.shortSince)
      .where(sql`${table.isShort}`),
    // Addresses that still hold coins stay watched after the loan closes, to see them leave.
    index('collateral_address_balances_holding_idx')
      .on(table.applicationUuid)
      .where(sql`${table.confirmedBalance} > 0`),
    check('collateral_address_balances_type_known', oneOf(table.collateralType, COLLATERAL_TYPES)),
    check('collateral_address_balances_nonnegative', sql`${table.confirmedBalance} >= 0`),
    check('collateral_address_balances_heights', sql`${table.balanceHeight} <= ${table.tipHeight}`),
  ],
);

/**
 * A public link to a loan's collateral proof. Only the SHA-256 of its random token is kept: the
 * borrower copies the link when it is made; turning it off (or making a new one) revokes it.
 */
export const collateralProofLinks = pgTable(
  'collateral_proof_links',
  {
    id: generatedUuid('id'),
    applicationUuid: applicationUuidColumn(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('collateral_proof_links_token_hash_unique').on(table.tokenHash),
    // One link in use per loan: a new one revokes the one before.
    uniqueIndex('collateral_proof_links_one_active_unique')
      .on(table.applicationUuid)
      .where(sql`${table.revokedAt} IS NULL`),
    check('collateral_proof_links_token_hash_shape', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** The sandbox's simulated chain: withdrawals made through POST /sandbox/chain/withdrawals. */
export const sandboxChainWithdrawals = sandboxChainTable('sandbox_chain_withdrawals', {
  checksAmount: true,
});
