/**
 * Bitcoin addresses: native segwit (BIP-173 bech32 for version 0, BIP-350 bech32m for version 1)
 * and legacy base58check P2PKH / P2SH.
 */
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

export type TBitcoinNetwork = 'mainnet' | 'testnet';

const NETWORKS: Readonly<
  Record<TBitcoinNetwork, { readonly hrp: string; readonly p2pkh: number; readonly p2sh: number }>
> = {
  mainnet: { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 },
  testnet: { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 },
};

const base58check = createBase58check(sha256);

/** BIP-173: the longest valid segwit address is 90 characters. */
const SEGWIT_MAX_LENGTH = 90;

/**
 * Only the output types wallets spend today are accepted: v0 with a 20-byte (P2WPKH) or 32-byte
 * (P2WSH) program, and v1 with a 32-byte program (P2TR). Other versions and lengths are well-formed
 * under BIP-350 but reserved for future upgrades: collateral sent there could not be recovered.
 */
function isStandardWitnessProgram(version: number, length: number): boolean {
  if (version === 0) return length === 20 || length === 32;
  if (version === 1) return length === 32;
  return false;
}

function isValidSegwitAddress(address: string, hrp: string): boolean {
  if (!address.toLowerCase().startsWith(`${hrp}1`)) return false;
  const version = decodeSegwitVersion(address);
  if (version === null) return false;
  // BIP-350: version 0 keeps the bech32 checksum, every later version uses bech32m.
  const coder = version === 0 ? bech32 : bech32m;
  const decoded = coder.decodeUnsafe(address, SEGWIT_MAX_LENGTH);
  if (!decoded || decoded.prefix !== hrp) return false;
  const [decodedVersion, ...programWords] = decoded.words;
  if (decodedVersion !== version) return false;
  const program = coder.fromWordsUnsafe(programWords);
  return program !== undefined && isStandardWitnessProgram(version, program.length);
}

/** The witness version is the first data character, read before the checksum decides the coder. */
function decodeSegwitVersion(address: string): number | null {
  const separator = address.lastIndexOf('1');
  const versionChar = address.charAt(separator + 1).toLowerCase();
  const index = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.indexOf(versionChar);
  return separator === -1 || index === -1 || index > 16 ? null : index;
}

function isValidBase58Address(address: string, network: TBitcoinNetwork): boolean {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return false;
  }
  const { p2pkh, p2sh } = NETWORKS[network];
  return payload.length === 21 && (payload[0] === p2pkh || payload[0] === p2sh);
}

export function isValidBitcoinAddress(
  address: string,
  network: TBitcoinNetwork = 'mainnet',
): boolean {
  const { hrp } = NETWORKS[network];
  if (address.toLowerCase().startsWith(`${hrp}1`)) return isValidSegwitAddress(address, hrp);
  return isValidBase58Address(address, network);
}
