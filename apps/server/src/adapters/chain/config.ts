/** The chain port the configuration asks for: the sandbox chain, or the real watchers. */
import type { TChainConfig } from '../../config.js';
import type { TDb } from '../../db/pool.js';
import { createEphemeralAccountKeys } from '../keys/account-keys.js';
import { createEsploraWatcher } from './esplora.js';
import { createEvmRpcWatcher } from './evm-rpc.js';
import { createHdChain } from './hd-chain.js';
import { ChainUnavailableError, type TChainFetch, type TChainPort } from './port.js';
import { createSandboxChain } from './sandbox.js';

/** Used when no setting is given at all (an app built by hand, as tests do). */
export const DEFAULT_CHAIN_CONFIRMATIONS = { BTC: 3, ETH: 12 } as const;

export function createChain(options: {
  sandbox: boolean;
  chain: TChainConfig | undefined;
  db: TDb;
  fetch: TChainFetch;
}): TChainPort {
  const { chain } = options;
  const confirmations = chain?.confirmations ?? DEFAULT_CHAIN_CONFIRMATIONS;
  if (options.sandbox) {
    return createSandboxChain({
      db: options.db,
      keys: chain?.keys ?? createEphemeralAccountKeys(),
      confirmations,
    });
  }
  if (chain === undefined) return unconfiguredChain();
  const missing = [
    chain.keys === undefined ? 'BTC_XPUB and ETH_XPUB' : null,
    chain.esploraUrl === undefined ? 'ESPLORA_URL' : null,
    chain.ethRpcUrl === undefined ? 'ETH_RPC_URL' : null,
  ].filter((name) => name !== null);
  if (chain.keys === undefined || chain.esploraUrl === undefined || chain.ethRpcUrl === undefined) {
    throw new Error(`${missing.join(', ')} are required outside the sandbox`);
  }
  return createHdChain({
    network: 'MAINNET',
    keys: chain.keys,
    confirmations,
    watchers: {
      BTC: createEsploraWatcher({ baseUrl: chain.esploraUrl, fetch: options.fetch }),
      ETH: createEvmRpcWatcher({
        url: chain.ethRpcUrl,
        fetch: options.fetch,
        confirmations: confirmations.ETH,
      }),
    },
  });
}

/** A chain without keys or nodes: every use fails, and no address is ever made up. */
function unconfiguredChain(): TChainPort {
  const fail = (): never => {
    throw new ChainUnavailableError('The chain is not configured (BTC_XPUB, ETH_XPUB, ...)');
  };
  return {
    network: 'MAINNET',
    depositAddress: fail,
    listTransactions: () =>
      Promise.reject(new ChainUnavailableError('The chain is not configured')),
    readAddress: () => Promise.reject(new ChainUnavailableError('The chain is not configured')),
    requiredConfirmations: () => DEFAULT_CHAIN_CONFIRMATIONS.BTC,
  };
}
