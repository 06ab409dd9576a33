/**
 * The chains: deposit addresses and the watchers of deposits (see adapters/chain).
 *
 * - BTC_XPUB, ETH_XPUB: account public keys deposit addresses are derived from (BIP84 m/84'/0'/0' as
 *   xpub or zpub; BIP44 m/44'/60'/0' as xpub), set together; the server never holds a private key.
 *   Required when not in sandbox; in sandbox, made once from a random seed that is not kept, and
 *   only the public keys are stored in DATA_DIR/keys/chain-account-keys.json.
 * - ESPLORA_URL: an Esplora HTTP API (e.g. https://blockstream.info/api) that watches BTC deposits;
 *   ETH_RPC_URL: an Ethereum JSON-RPC endpoint that watches ETH deposits. Required when not in sandbox.
 * - CHAIN_CONFIRMATIONS_BTC [3], CHAIN_CONFIRMATIONS_ETH [12]: confirmations after which a deposit
 *   counts toward the collateral.
 */
import { z } from 'zod';
import {
  loadOrCreateSandboxAccountKeys,
  type TAccountPublicKeys,
} from '../adapters/keys/account-keys.js';
import { ExtendedKeyError, parseAccountPublicKey } from '../adapters/keys/hd-addresses.js';
import {
  asConfigError,
  defineArea,
  requiredOutsideSandbox,
  setTogether,
  ZHttpBaseUrl,
} from './area.js';

export interface TChainConfig {
  /** Unset outside the sandbox when BTC_XPUB/ETH_XPUB are missing (the boot then stops). */
  keys: TAccountPublicKeys | undefined;
  esploraUrl: string | undefined;
  ethRpcUrl: string | undefined;
  confirmations: { BTC: number; ETH: number };
}

/** An account public key from which deposit addresses are derived (never a private key). */
const ZAccountKey = z
  .string()
  .trim()
  .refine((value) => {
    try {
      parseAccountPublicKey(value);
      return true;
    } catch (error) {
      if (error instanceof ExtendedKeyError) return false;
      throw error;
    }
  }, 'must be an account extended public key (xpub… or zpub…)');

const ZConfirmations = z.coerce
  .number({ error: 'must be a number of confirmations' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(1000, 'must be at most 1000');

export const chainArea = defineArea({
  variables: z.object({
    BTC_XPUB: ZAccountKey.optional(),
    ETH_XPUB: ZAccountKey.optional(),
    ESPLORA_URL: ZHttpBaseUrl.optional(),
    ETH_RPC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    CHAIN_CONFIRMATIONS_BTC: ZConfirmations.default(3),
    CHAIN_CONFIRMATIONS_ETH: ZConfirmations.default(12),
  }),
  shown: ['CHAIN_CONFIRMATIONS_BTC', 'CHAIN_CONFIRMATIONS_ETH'],
  check: (_env, context) => [
    ...setTogether(
      context,
      'BTC_XPUB',
      'ETH_XPUB',
      'is required together with the other account public key',
      () => requiredOutsideSandbox(context, ['BTC_XPUB', 'ETH_XPUB']),
    ),
    ...requiredOutsideSandbox(context, ['ESPLORA_URL', 'ETH_RPC_URL']),
  ],
  build: (env, context): { chain: TChainConfig } => ({
    chain: {
      keys:
        env.BTC_XPUB !== undefined && env.ETH_XPUB !== undefined
          ? { btc: env.BTC_XPUB, eth: env.ETH_XPUB }
          : context.sandbox
            ? asConfigError(() => loadOrCreateSandboxAccountKeys(context.dataDir))
            : undefined,
      esploraUrl: env.ESPLORA_URL,
      ethRpcUrl: env.ETH_RPC_URL,
      confirmations: { BTC: env.CHAIN_CONFIRMATIONS_BTC, ETH: env.CHAIN_CONFIRMATIONS_ETH },
    },
  }),
});
