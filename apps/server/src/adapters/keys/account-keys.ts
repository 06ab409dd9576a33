/**
 * The account public keys deposit addresses come from, and how the sandbox makes its own.
 *
 * The server only ever holds these public keys: outside the sandbox they are configured (BTC_XPUB,
 * ETH_XPUB) from a custody system that keeps the seed. The sandbox makes a random seed on its
 * first start, derives the two account public keys from it, writes ONLY those to
 * DATA_DIR/keys/chain-account-keys.json and drops the seed: sandbox deposits are simulated, so
 * nothing ever has to be spent from these addresses, and no spending key exists anywhere.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { z } from 'zod';

/** BIP84 account of bitcoin mainnet, BIP44 account of ethereum. */
export const BTC_ACCOUNT_PATH = "m/84'/0'/0'";
export const ETH_ACCOUNT_PATH = "m/44'/60'/0'";

/** SLIP-132 `zpub` versions, the usual export format of BIP84 accounts. */
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };

const SEED_BYTES = 32;
const SANDBOX_KEYS_FILE = 'chain-account-keys.json';

export interface TAccountPublicKeys {
  /** BIP84 account public key (zpub or xpub). */
  btc: string;
  /** BIP44 account public key (xpub). */
  eth: string;
}

const ZAccountPublicKeys = z.object({
  btc: z.string().regex(/^[xz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
  eth: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/),
});

/** The account public keys of a BIP32 seed (the seed stays with the caller). */
export function accountPublicKeysFromSeed(seed: Uint8Array): TAccountPublicKeys {
  const btc = HDKey.fromMasterSeed(seed, ZPUB_VERSIONS).derive(BTC_ACCOUNT_PATH);
  const eth = HDKey.fromMasterSeed(seed).derive(ETH_ACCOUNT_PATH);
  return { btc: btc.publicExtendedKey, eth: eth.publicExtendedKey };
}

/**
 * The sandbox's account public keys: read from DATA_DIR/keys, or made from a fresh random seed
 * that is dropped as soon as the public keys exist.
 */
export function loadOrCreateSandboxAccountKeys(dataDir: string): TAccountPublicKeys {
  const directory = path.join(dataDir, 'keys');
  const file = path.join(directory, SANDBOX_KEYS_FILE);
  if (existsSync(file)) {
    const parsed = ZAccountPublicKeys.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new Error(`${file} does not hold the sandbox's account public keys`);
  }
  const keys = createEphemeralAccountKeys();
  // DATA_DIR keeps its default mode (the embedded database reaches into it); only keys/ is private.
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return keys;
}

/** Account public keys of a random seed that is not kept (tests, a sandbox without a data dir). */
export function createEphemeralAccountKeys(): TAccountPublicKeys {
  const seed = randomBytes(SEED_BYTES);
  try {
    return accountPublicKeysFromSeed(seed);
  } finally {
    seed.fill(0);
  }
}
