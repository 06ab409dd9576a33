/**
 * Cosmos-SDK account addresses (Noble, Provenance): bech32 with the chain's prefix over a 20-byte
 * account hash or a 32-byte module/contract address.
 */
import { bech32 } from '@scure/base';

export const NOBLE_ADDRESS_PREFIX = 'noble';
export const PROVENANCE_ADDRESS_PREFIX = 'pb';

const ACCOUNT_ADDRESS_BYTES = [20, 32];

export function isValidCosmosAddress(address: string, prefix: string): boolean {
  const decoded = bech32.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== prefix) return false;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  return bytes !== undefined && ACCOUNT_ADDRESS_BYTES.includes(bytes.length);
}
