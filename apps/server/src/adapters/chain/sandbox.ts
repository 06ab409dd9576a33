/**
 * The sandbox chain: addresses derived like the real ones (from the sandbox's own account public
 * keys), deposits and withdrawals simulated through POST /sandbox/chain/deposits and
 * /sandbox/chain/withdrawals and kept in the database, so that every instance sees them. Each
 * simulated transaction is mined in a block of its own: the tip is the genesis height plus the
 * transactions made so far, so heights only grow and every instance reads the same one.
 */
import { toCoinQuantity } from '@pledge/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { sandboxChainTransactions, sandboxChainWithdrawals } from '../../db/schema/index.js';
import type { TAccountPublicKeys } from '../keys/account-keys.js';
import { createHdChain } from './hd-chain.js';
import {
  confirmedHeightOf,
  type TChainCoin,
  type TChainPort,
  type TChainTransaction,
  type TChainWatcher,
} from './port.js';

/**
 * The sandbox chain's first block: high enough that any number of confirmations a simulated
 * deposit may state (at most 1,000) reaches back to a block that exists.
 */
export const SANDBOX_CHAIN_GENESIS_HEIGHT = 1000;

interface TSandboxRow {
  txid: string;
  amount: string;
  confirmations: number;
  createdAt: Date;
}

const movementOf = (row: TSandboxRow): TChainTransaction => ({
  txid: row.txid,
  amount: row.amount,
  confirmations: row.confirmations,
  time: row.confirmations > 0 ? row.createdAt : null,
});

async function sandboxTipHeight(db: TDb): Promise<number> {
  const result = await db.execute<{ made: number }>(sql`
    SELECT ((SELECT count(*) FROM ${sandboxChainTransactions})
      + (SELECT count(*) FROM ${sandboxChainWithdrawals}))::int AS made`);
  return SANDBOX_CHAIN_GENESIS_HEIGHT + (result.rows[0]?.made ?? 0);
}

function sandboxWatcher(db: TDb): TChainWatcher {
  const deposits = (address: string) =>
    db
      .select()
      .from(sandboxChainTransactions)
      .where(eq(sandboxChainTransactions.address, address))
      .orderBy(asc(sandboxChainTransactions.createdAt));
  return {
    async listTransactions(address) {
      return (await deposits(address)).map(movementOf);
    },
    async readAddress(address, requiredConfirmations) {
      const [incoming, outgoing, tipHeight] = await Promise.all([
        deposits(address),
        db
          .select()
          .from(sandboxChainWithdrawals)
          .where(eq(sandboxChainWithdrawals.address, address))
          .orderBy(asc(sandboxChainWithdrawals.createdAt)),
        sandboxTipHeight(db),
      ]);
      const required = Math.max(1, requiredConfirmations);
      const confirmed = (rows: readonly TSandboxRow[]) =>
        rows
          .filter((row) => row.confirmations >= required)
          .reduce((sum, row) => sum.plus(toCoinQuantity(row.amount)), toCoinQuantity('0'));
      const balance = confirmed(incoming).minus(confirmed(outgoing));
      return {
        deposits: incoming.map(movementOf),
        withdrawals: outgoing.map(movementOf),
        tipHeight,
        balanceHeight: confirmedHeightOf(tipHeight, requiredConfirmations),
        confirmedBalance: balance.isNegative() ? '0' : balance.toFixed(),
      };
    },
  };
}

export function createSandboxChain(options: {
  db: TDb;
  keys: TAccountPublicKeys;
  confirmations: Record<TChainCoin, number>;
}): TChainPort {
  const watcher = sandboxWatcher(options.db);
  return createHdChain({
    network: 'SANDBOX',
    keys: options.keys,
    confirmations: options.confirmations,
    watchers: { BTC: watcher, ETH: watcher },
  });
}
