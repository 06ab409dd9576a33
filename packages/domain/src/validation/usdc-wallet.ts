/**
 * The USDC payout wallet of international borrowers (document 1 §5), with the per-chain address
 * check the server applies.
 */
import { z } from 'zod/mini';
import { USDC_CHAINS, type TUsdcChain } from '../enums.js';
import { WALLET_ADDRESS_MAX_LENGTH } from '../constants/limits.js';
import {
  NOBLE_ADDRESS_PREFIX,
  PROVENANCE_ADDRESS_PREFIX,
  isValidCosmosAddress,
} from '../address/cosmos.js';
import { isValidEvmAddress } from '../address/evm.js';
import { isValidSolanaAddress } from '../address/solana.js';

export const USDC_WALLET_MESSAGES = {
  required: 'You must enter a wallet address',
  tooLong: 'Wallet address exceeds supported character limits',
  chainInvalid: 'Please select a supported network',
  invalidForChain: (chain: TUsdcChain) => `Enter a valid ${chain} wallet address`,
  invalidForAnyChain: 'Enter a wallet address on one of the supported networks',
} as const;

/** How each supported chain writes an account address. */
const ADDRESS_CHECK_BY_CHAIN: Readonly<Record<TUsdcChain, (address: string) => boolean>> = {
  Arbitrum: isValidEvmAddress,
  Avalanche: isValidEvmAddress,
  Base: isValidEvmAddress,
  Ethereum: isValidEvmAddress,
  'OP Mainnet': isValidEvmAddress,
  'Polygon PoS': isValidEvmAddress,
  Noble: (address) => isValidCosmosAddress(address, NOBLE_ADDRESS_PREFIX),
  Provenance: (address) => isValidCosmosAddress(address, PROVENANCE_ADDRESS_PREFIX),
  Solana: isValidSolanaAddress,
};

export function isValidUsdcAddress(chain: TUsdcChain, address: string): boolean {
  return ADDRESS_CHECK_BY_CHAIN[chain](address);
}

/** The supported chains on which this address is well-formed (the payout call carries no chain). */
export function usdcChainsForAddress(address: string): TUsdcChain[] {
  return USDC_CHAINS.filter((chain) => isValidUsdcAddress(chain, address));
}

export const ZUsdcWalletAddress = z
  .string({ error: USDC_WALLET_MESSAGES.required })
  .check(
    z.trim(),
    z.minLength(1, { error: USDC_WALLET_MESSAGES.required, abort: true }),
    z.maxLength(WALLET_ADDRESS_MAX_LENGTH, { error: USDC_WALLET_MESSAGES.tooLong, abort: true }),
  );

/** The page's form: the address, and the network when the borrower picked one. */
export const ZUsdcWalletForm = z.object({
  address: ZUsdcWalletAddress,
  chain: z.optional(z.enum(USDC_CHAINS, { error: USDC_WALLET_MESSAGES.chainInvalid })),
});
export type TUsdcWalletForm = z.infer<typeof ZUsdcWalletForm>;

/**
 * The server's check: the form's rules, then a well-formed address for the chosen network or, with
 * no network given, for at least one supported network.
 */
export const ZUsdcWalletSubmission = ZUsdcWalletForm.check(
  z.superRefine((value, ctx) => {
    if (value.chain !== undefined) {
      if (!isValidUsdcAddress(value.chain, value.address)) {
        ctx.addIssue({
          code: 'custom',
          path: ['address'],
          message: USDC_WALLET_MESSAGES.invalidForChain(value.chain),
        });
      }
    } else if (usdcChainsForAddress(value.address).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: USDC_WALLET_MESSAGES.invalidForAnyChain,
      });
    }
  }),
);
