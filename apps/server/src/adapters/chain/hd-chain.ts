/**
 * The part of the chain port every adapter shares: addresses from the account public keys and the
 * confirmations each coin needs; the watchers say what is on chain.
 */
import type { TChainNetwork } from '@pledge/domain';
import type { TAccountPublicKeys } from '../keys/account-keys.js';
import {
  deriveBitcoinAddress,
  deriveEthereumAddress,
  parseAccountPublicKey,
} from '../keys/hd-addresses.js';
import type { TChainCoin, TChainPort, TChainWatcher } from './port.js';

export interface THdChainOptions {
  network: TChainNetwork;
  keys: TAccountPublicKeys;
  confirmations: Record<TChainCoin, number>;
  watchers: Record<TChainCoin, TChainWatcher>;
}

export function createHdChain(options: THdChainOptions): TChainPort {
  const btcAccount = parseAccountPublicKey(options.keys.btc);
  const ethAccount = parseAccountPublicKey(options.keys.eth);
  return {
    network: options.network,
    depositAddress: (type, index) =>
      type === 'BTC'
        ? deriveBitcoinAddress(btcAccount, index)
        : deriveEthereumAddress(ethAccount, index),
    listTransactions: (type, address) => options.watchers[type].listTransactions(address),
    readAddress: (type, address) =>
      options.watchers[type].readAddress(address, options.confirmations[type]),
    requiredConfirmations: (type) => options.confirmations[type],
  };
}
