/**
 * Deposit addresses derived from an account-level extended public key (BIP32), so that the server
 * can hand out a fresh address per application without ever holding a spending key:
 * - BTC: native segwit (P2WPKH, bech32) of m/84'/0'/0'/0/index, from the BIP84 account key
 *   (accepted as `xpub…` or `zpub…`);
 * - ETH: EIP-55 address of m/44'/60'/0'/0/index, from the BIP44 account key (`xpub…`).
 * The account key is the hardened part of the path; only the public, non-hardened receive branch
 * (0/index) is derived here.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { getAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/** BIP32 version bytes of mainnet public keys: `xpub` (BIP44/BIP32) and `zpub` (BIP84, SLIP-132). */
const XPUB_VERSION = 0x0488b21e;
const XPRV_VERSION = 0x0488ade4;
const ZPUB_VERSION = 0x04b24746;
const ZPRV_VERSION = 0x04b2430c;

/** The receive (external) branch of BIP44/BIP84 accounts. */
const RECEIVE_BRANCH = 0;
/** BIP32: non-hardened child indexes are below 2^31. */
const MAX_CHILD_INDEX = 0x7fffffff;

export class ExtendedKeyError extends Error {
  override name = 'ExtendedKeyError';
}

/** Parses an account public key; private keys are refused so that none is ever configured. */
export function parseAccountPublicKey(extendedKey: string): HDKey {
  const trimmed = extendedKey.trim();
  const versions = trimmed.startsWith('zpub')
    ? { public: ZPUB_VERSION, private: ZPRV_VERSION }
    : { public: XPUB_VERSION, private: XPRV_VERSION };
  if (!trimmed.startsWith('xpub') && !trimmed.startsWith('zpub')) {
    throw new ExtendedKeyError(
      'must be an account public key (xpub… or zpub…), never a private key',
    );
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(trimmed, versions);
  } catch (error) {
    throw new ExtendedKeyError(
      `is not a valid extended public key: ${error instanceof Error ? error.message : 'unknown'}`,
    );
  }
  if (key.privateKey !== null) throw new ExtendedKeyError('must not hold a private key');
  return key;
}

function receivePublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_CHILD_INDEX) {
    throw new RangeError(`Derivation index out of range: ${index}`);
  }
  const publicKey = account.deriveChild(RECEIVE_BRANCH).deriveChild(index).publicKey;
  if (publicKey === null) throw new Error('The derived key has no public key');
  return publicKey;
}

/** bc1… of the compressed public key at 0/index (witness version 0, HASH160 program). */
export function deriveBitcoinAddress(account: HDKey, index: number): string {
  const program = ripemd160(sha256(receivePublicKey(account, index)));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

/** The EIP-55 mixed-case form of a 0x address (viem's checksum). */
export function toEip55(address: string): string {
  const hex = address.toLowerCase().replace(/^0x/, '');
  return getAddress(`0x${hex}`);
}

/** 0x… of the key at 0/index: the address of its uncompressed public key (viem), EIP-55 cased. */
export function deriveEthereumAddress(account: HDKey, index: number): string {
  const point = secp256k1.Point.fromBytes(receivePublicKey(account, index));
  return publicKeyToAddress(`0x${bytesToHex(point.toBytes(false))}`);
}
