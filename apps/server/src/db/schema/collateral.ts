/**
 * Collateral of applications: the deposit account of each (its HD-derived address, the wallet type
 * and the borrower's confirmations), the deposits seen on chain, the release requests of paid-off
 * loans, and the simulated chain of the sandbox. Coin quantities are numeric(38,18).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CLOSED_COLLATERAL_RELEASE_RESULTS,
  COLLATERAL_TYPES,
  WALLET_SOURCE_TYPES,
  WITHDRAWAL_RESULTS,
} from '@pledge/domain';
import { applications, applicationUuidColumn } from './applications.js';
import { coinQuantity, createdAt, generatedUuid, timestamptz, updatedAt } from './columns.js';

function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);
}

/**
 * BIP32 child indexes of deposit addresses (0/index under the coin's account key). A sequence, so
 * that concurrent allocations never share one and a rolled-back allocation is skipped, not reused.
 */
export const DEPOSIT_ADDRESS_INDEX_SEQ = 'deposit_address_index_seq';
export const depositAddressIndexSeq = pgSequence(DEPOSIT_ADDRESS_INDEX_SEQ, {
  startWith: 0,
  minValue: 0,
  maxValue: 2_147_483_647,
  increment: 1,
  cycle: false,
});

export const collateralAccounts = pgTable(
  'collateral_accounts',
  {
    applicationUuid: uuid('application_uuid')
      .primaryKey()
      .references(() => applications.uuid, { onDelete: 'cascade' }),
    collateralType: text('collateral_type').$type<(typeof COLLATERAL_TYPES)[number]>().notNull(),
    /** Set together with the address, once the application waits for collateral. */
    derivationIndex: bigint('derivation_index', { mode: 'number' }),
    depositAddress: text('deposit_address'),
    walletSourceType: text('wallet_source_type')
      .$type<(typeof WALLET_SOURCE_TYPES)[number]>()
      .notNull()
      .default('CUSTODIAL'),
    /** "I have sent the required amount of collateral": the first time it was said. */
    borrowerConfirmedAt: timestamptz('borrower_confirmed_at'),
    /** The borrower chose to send a test deposit first. */
    microDepositOptedInAt: timestamptz('micro_deposit_opted_in_at'),
    /** Funding counted by the deposit watcher (the COLLATERAL_FUNDED transition). */
    fundedAt: timestamptz('funded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('collateral_accounts_type_index_unique').on(
      table.collateralType,
      table.derivationIndex,
    ),
    uniqueIndex('collateral_accounts_address_unique').on(table.depositAddress),
    check('collateral_accounts_type_known', oneOf('collateral_type', COLLATERAL_TYPES)),
    check(
      'collateral_accounts_wallet_source_known',
      oneOf('wallet_source_type', WALLET_SOURCE_TYPES),
    ),
    check(
      'collateral_accounts_address_with_index',
      sql`(${table.depositAddress} IS NULL) = (${table.derivationIndex} IS NULL)`,
    ),
  ],
);

/**
 * A movement on a deposit address, one row per transaction id, updated as it confirms: the coins
 * that arrived (deposits) or left (withdrawals). The withdrawals' table also bounds the txid.
 */
export function chainMovementTable<TName extends string>(
  name: TName,
  { boundsTxid }: { boundsTxid: boolean },
) {
  return pgTable(
    name,
    {
      id: generatedUuid('id'),
      applicationUuid: applicationUuidColumn(),
      txid: text('txid').notNull(),
      amount: coinQuantity('amount').notNull(),
      confirmations: integer('confirmations').notNull(),
      /** When the chain says it happened (block time), else when it was first seen. */
      transactionTime: timestamptz('transaction_time').notNull(),
      /** First seen with the required confirmations; a deposit counts toward the collateral then. */
      confirmedAt: timestamptz('confirmed_at'),
      firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
      updatedAt: updatedAt(),
    },
    (table) => [
      uniqueIndex(`${name}_application_txid_unique`).on(table.applicationUuid, table.txid),
      check(`${name}_amount_positive`, sql`${table.amount} > 0`),
      check(`${name}_confirmations_nonnegative`, sql`${table.confirmations} >= 0`),
      ...(boundsTxid ? [check(`${name}_txid_length`, sql`char_length(${table.txid}) <= 128`)] : []),
    ],
  );
}

export const collateralDeposits = chainMovementTable('collateral_deposits', { boundsTxid: false });

/** Requests to send the collateral of a paid-off loan back, with the answer each got. */
export const collateralReleaseRequests = pgTable(
  'collateral_release_requests',
  {
    /** The requestId of the API; the response of a request carries the same id. */
    id: generatedUuid('id'),
    applicationUuid: applicationUuidColumn(),
    address: text('address').notNull(),
    result: text('result').$type<(typeof WITHDRAWAL_RESULTS)[number]>().notNull(),
    /** The coin quantity to send back (the confirmed balance when it was asked). */
    amount: coinQuantity('amount').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** Not sent before this: the end of the hold after the payoff's rail (document 1 §9). */
    scheduledFor: timestamptz('scheduled_for').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('collateral_release_requests_application_idx').on(table.applicationUuid, table.createdAt),
    // At most one open request per loan: a new one only after the open one failed.
    uniqueIndex('collateral_release_requests_one_open_unique')
      .on(table.applicationUuid)
      .where(
        sql.raw(
          `result NOT IN (${CLOSED_COLLATERAL_RELEASE_RESULTS.map((value) => `'${value}'`).join(', ')})`,
        ),
      ),
    check('collateral_release_requests_result_known', oneOf('result', WITHDRAWAL_RESULTS)),
  ],
);

/**
 * A table of the sandbox's simulated chain: the deposits or withdrawals made through POST
 * /sandbox/chain/…; the withdrawals' table also checks the amount.
 */
export function sandboxChainTable<TName extends string>(
  name: TName,
  { checksAmount }: { checksAmount: boolean },
) {
  return pgTable(
    name,
    {
      txid: text('txid').primaryKey(),
      address: text('address').notNull(),
      collateralType: text('collateral_type').$type<(typeof COLLATERAL_TYPES)[number]>().notNull(),
      amount: coinQuantity('amount').notNull(),
      confirmations: integer('confirmations').notNull(),
      createdAt: createdAt(),
    },
    (table) => [
      index(`${name}_address_idx`).on(table.address, table.createdAt),
      ...(checksAmount ? [check(`${name}_amount_positive`, sql`${table.amount} > 0`)] : []),
    ],
  );
}

/** The sandbox's simulated chain: deposits made through POST /sandbox/chain/deposits. */
export const sandboxChainTransactions = sandboxChainTable('sandbox_chain_transactions', {
  checksAmount: false,
});
