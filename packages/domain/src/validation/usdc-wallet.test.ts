import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { USDC_CHAINS, type TUsdcChain } from '../enums.js';
import { fieldErrorsOf } from './field-errors.js';
import {
  ZUsdcWalletForm,
  ZUsdcWalletSubmission,
  isValidUsdcAddress,
  usdcChainsForAddress,
} from './usdc-wallet.js';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EVM_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const NOBLE = 'noble1zqnudqmjrgh9m3ec9yztkrn4ttx7ys64p87kkx';
const PROVENANCE = bech32.encode('pb', bech32.decode(NOBLE).words);
const EVM_CHAINS: readonly TUsdcChain[] = [
  'Arbitrum',
  'Avalanche',
  'Base',
  'Ethereum',
  'OP Mainnet',
  'Polygon PoS',
];

describe('isValidUsdcAddress', () => {
  const validFor: Record<string, readonly TUsdcChain[]> = {
    [EVM]: EVM_CHAINS,
    [EVM.toLowerCase()]: EVM_CHAINS,
    [EVM_BAD_CHECKSUM]: [],
    [SOLANA]: ['Solana'],
    [NOBLE]: ['Noble'],
    [PROVENANCE]: ['Provenance'],
    bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4: [],
    'not an address': [],
  };
  it.each(
    Object.entries(validFor).flatMap(([address, chains]) =>
      USDC_CHAINS.map((chain) => [address, chain, chains.includes(chain)] as const),
    ),
  )('%s on %s: %s', (address, chain, valid) => {
    expect(isValidUsdcAddress(chain, address)).toBe(valid);
  });

  it.each([
    [EVM, EVM_CHAINS],
    [SOLANA, ['Solana']],
    [NOBLE, ['Noble']],
    ['nonsense', []],
  ] as const)('%s is well-formed on %o', (address, chains) => {
    expect(usdcChainsForAddress(address)).toEqual(chains);
  });
});

describe('ZUsdcWalletForm', () => {
  it.each([
    ['no address', {}, { address: ['You must enter a wallet address'] }],
    ['an empty address', { address: '' }, { address: ['You must enter a wallet address'] }],
    ['only spaces', { address: '   ' }, { address: ['You must enter a wallet address'] }],
    [
      '45 characters',
      { address: 'a'.repeat(45) },
      {
        address: ['Wallet address exceeds supported character limits'],
      },
    ],
    ['44 characters', { address: 'a'.repeat(44) }, {}],
    [
      'an unknown chain',
      { address: EVM, chain: 'Dogechain' },
      { chain: ['Please select a supported network'] },
    ],
    ['a chain and an address', { address: EVM, chain: 'Base' }, {}],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZUsdcWalletForm, input)).toEqual(errors);
  });

  it('trims the address', () => {
    expect(ZUsdcWalletForm.parse({ address: `  ${SOLANA} ` }).address).toBe(SOLANA);
  });
});

describe('ZUsdcWalletSubmission', () => {
  it.each([
    ['an EVM address on Base', { address: EVM, chain: 'Base' }, {}],
    [
      'a Solana address on Ethereum',
      { address: SOLANA, chain: 'Ethereum' },
      {
        address: ['Enter a valid Ethereum wallet address'],
      },
    ],
    [
      'a bad checksum on Polygon PoS',
      { address: EVM_BAD_CHECKSUM, chain: 'Polygon PoS' },
      {
        address: ['Enter a valid Polygon PoS wallet address'],
      },
    ],
    ['a Noble address, no chain', { address: NOBLE }, {}],
    ['a Provenance address, no chain', { address: PROVENANCE }, {}],
    [
      'nonsense, no chain',
      { address: 'hello' },
      {
        address: ['Enter a wallet address on one of the supported networks'],
      },
    ],
    [
      'too long, no chain',
      { address: 'a'.repeat(45) },
      {
        address: ['Wallet address exceeds supported character limits'],
      },
    ],
  ] as const)('%s', (_label, input, errors) => {
    expect(fieldErrorsOf(ZUsdcWalletSubmission, input)).toEqual(errors);
  });
});
