import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { accountPublicKeysFromSeed, createEphemeralAccountKeys } from './account-keys.js';
import {
  deriveBitcoinAddress,
  deriveEthereumAddress,
  ExtendedKeyError,
  parseAccountPublicKey,
  toEip55,
} from './hd-addresses.js';

const base58check = createBase58check(sha256);

/** The BIP39 test mnemonic of the BIP84 and BIP44 examples ("abandon" × 11, "about"). */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** BIP39: the seed is PBKDF2-HMAC-SHA512 of the mnemonic, salt "mnemonic", 2048 rounds. */
const SEED = pbkdf2(sha512, MNEMONIC, 'mnemonic', { c: 2048, dkLen: 64 });

/** Published in BIP84 ("Test vectors"): the account key m/84'/0'/0' and its first addresses. */
const BIP84_ACCOUNT_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_RECEIVE = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
];

/** The first m/44'/60'/0'/0/0 address of the test mnemonic, as every BIP44 wallet derives it. */
const BIP44_ETH_FIRST = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('HD deposit addresses', () => {
  it('derives the BIP39 seed of the test mnemonic', () => {
    expect(bytesToHex(SEED)).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    );
  });

  it('gives the BIP84 account zpub and its receive addresses', () => {
    const keys = accountPublicKeysFromSeed(SEED);
    expect(keys.btc).toBe(BIP84_ACCOUNT_ZPUB);
    const account = parseAccountPublicKey(BIP84_ACCOUNT_ZPUB);
    expect([0, 1].map((index) => deriveBitcoinAddress(account, index))).toEqual(BIP84_RECEIVE);
  });

  it('accepts the same BIP84 account in xpub form', () => {
    const zpub = parseAccountPublicKey(BIP84_ACCOUNT_ZPUB);
    const xpub = parseAccountPublicKey(
      // The same key and chain code under the xpub version bytes.
      zpubAsXpub(zpub.publicKey, zpub.chainCode, zpub.depth, zpub.index, zpub.parentFingerprint),
    );
    expect(deriveBitcoinAddress(xpub, 0)).toBe(BIP84_RECEIVE[0]);
  });

  it('gives the BIP44 ethereum address, EIP-55 cased', () => {
    const keys = accountPublicKeysFromSeed(SEED);
    expect(keys.eth.startsWith('xpub')).toBe(true);
    expect(deriveEthereumAddress(parseAccountPublicKey(keys.eth), 0)).toBe(BIP44_ETH_FIRST);
  });

  it.each([
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ])('EIP-55 cases %s', (lower, checksummed) => {
    expect(toEip55(lower)).toBe(checksummed);
  });

  it('refuses private keys and garbage', () => {
    const privateKey =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    expect(() => parseAccountPublicKey(privateKey)).toThrow(ExtendedKeyError);
    expect(() => parseAccountPublicKey('xpubnotakey')).toThrow(ExtendedKeyError);
  });

  it('makes distinct sandbox keys each time', () => {
    const first = createEphemeralAccountKeys();
    const second = createEphemeralAccountKeys();
    expect(first.btc).not.toBe(second.btc);
    expect(deriveBitcoinAddress(parseAccountPublicKey(first.btc), 7)).toMatch(/^bc1q[a-z0-9]{38}$/);
  });
});

/** Serialises a public node with the xpub version bytes (BIP32 layout, base58check). */
function zpubAsXpub(
  publicKey: Uint8Array | null,
  chainCode: Uint8Array | null,
  depth: number,
  index: number,
  parentFingerprint: number,
): string {
  if (publicKey === null || chainCode === null) throw new Error('incomplete key');
  const bytes = new Uint8Array(78);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x0488b21e);
  bytes[4] = depth;
  view.setUint32(5, parentFingerprint);
  view.setUint32(9, index);
  bytes.set(chainCode, 13);
  bytes.set(publicKey, 45);
  return base58check.encode(bytes);
}
