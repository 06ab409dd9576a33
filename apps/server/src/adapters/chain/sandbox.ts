/**
 * The sandbox chain: addresses derived like the real ones (from the sandbox's own account public
 * keys), deposits simulated through POST /sandbox/chain/deposits and kept in the database, so that
 * every instance sees them.
 */
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { sandboxChainTransactions } from '../../db/schema/index.js';
import type { TAccountPublicKeys } from '../keys/account-keys.js';
import { createHdChain } from './hd-chain.js';
import type { TChainCoin, TChainPort, TChainWatcher } from './port.js';

function sandboxWatcher(db: TDb): TChainWatcher {
  return {
    async listTransactions(address) {
      const rows = await db
        .select()
        .from(sandboxChainTransactions)
        .where(eq(sandboxChainTransactions.address, address))
        .orderBy(asc(sandboxChainTransactions.createdAt));
      return rows.map((row) => ({
        txid: row.txid,
        amount: row.amount,
        confirmations: row.confirmations,
        time: row.confirmations > 0 ? row.createdAt : null,
      }));
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
    keys: options.keys,
    confirmations: options.confirmations,
    watchers: { BTC: watcher, ETH: watcher },
  });
}
