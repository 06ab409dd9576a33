/**
 * Solana addresses: the base58 form of a 32-byte public key.
 */
import { base58 } from '@scure/base';

const SOLANA_PUBLIC_KEY_BYTES = 32;

export function isValidSolanaAddress(address: string): boolean {
  // 32 bytes are 32 to 44 base58 characters; the bound also keeps decoding cheap.
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === SOLANA_PUBLIC_KEY_BYTES;
  } catch {
    return false;
  }
}
