/**
 * Ethereum-style (EVM) addresses: 0x and 40 hex digits, with the EIP-55 mixed-case checksum.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 form of an address (any case in, checksummed case out); null when malformed. */
export function toChecksumAddress(address: string): string | null {
  if (!EVM_ADDRESS_PATTERN.test(address)) return null;
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower.charAt(i);
    // A letter is upper-cased when the matching nibble of the hash is 8 or more.
    checksummed += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return checksummed;
}

/**
 * All-lower and all-upper addresses carry no checksum and are accepted as they are; a mixed-case
 * address must match its EIP-55 checksum, which catches a mistyped character.
 */
export function isValidEvmAddress(address: string): boolean {
  if (!EVM_ADDRESS_PATTERN.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}
