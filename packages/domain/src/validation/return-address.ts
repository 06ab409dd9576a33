/**
 * The collateral-release return address (document 1 §5 and §8).
 */
import { z } from 'zod/mini';
import { RETURN_ADDRESS_MAX_LENGTH } from '../constants/limits.js';
import type { TCollateralType } from '../enums.js';
import { isValidBitcoinAddress } from '../address/bitcoin.js';
import { isValidEvmAddress } from '../address/evm.js';

export const RETURN_ADDRESS_MESSAGES = {
  required: 'Wallet address is required.',
  /** The page's warning: a mistyped address means the crypto is lost for good. */
  doubleCheckWarning:
    'Double-check the address before you submit. Crypto sent to a mistyped address is permanently lost.',
  /** The confirm modal: the whole balance goes back in one release. */
  confirmRelease: 'The entire crypto amount held as collateral will be released to this address.',
  unexpectedError: 'Something unexpected happened. Try again',
} as const;

export const INVALID_RETURN_ADDRESS_MESSAGE = 'Invalid address entered - enter again';

/**
 * Whether the collateral can be sent back to this address: BTC mainnet segwit or legacy addresses,
 * ETH addresses (EIP-55 checked when mixed case). SOL is never held as collateral.
 */
export function isValidReturnAddress(type: TCollateralType, address: string): boolean {
  switch (type) {
    case 'BTC':
      return isValidBitcoinAddress(address);
    case 'ETH':
      return isValidEvmAddress(address);
    case 'SOL':
      return false;
  }
}

export const ZReturnAddress = z
  .string({ error: RETURN_ADDRESS_MESSAGES.required })
  .check(
    z.trim(),
    z.minLength(1, { error: RETURN_ADDRESS_MESSAGES.required, abort: true }),
    z.maxLength(RETURN_ADDRESS_MAX_LENGTH, { error: INVALID_RETURN_ADDRESS_MESSAGE, abort: true }),
  );

/** The form as the page validates it: present and trimmed. */
export const ZReturnAddressForm = z.object({ returnAddress: ZReturnAddress });
export type TReturnAddressForm = z.infer<typeof ZReturnAddressForm>;

/** The server's check for the loan's collateral type, answering INVALID_RETURN_ADDRESS_MESSAGE. */
export function makeReturnAddressSchema(collateralType: TCollateralType) {
  return z.object({
    returnAddress: ZReturnAddress.check(
      z.refine((address) => isValidReturnAddress(collateralType, address), {
        error: INVALID_RETURN_ADDRESS_MESSAGE,
      }),
    ),
  });
}
