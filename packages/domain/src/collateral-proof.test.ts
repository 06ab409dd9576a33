import { describe, expect, it } from 'vitest';
import {
  collateralProofStatus,
  COLLATERAL_ATTESTATION_MAX_CHARS,
  COLLATERAL_ATTESTATION_MIN_CHARS,
  COLLATERAL_PROOF_TOKEN_BYTES,
  defaultCollateralAttestation,
  explorerAddressUrl,
  explorerTransactionUrl,
} from './collateral-proof.js';
import * as domain from './index.js';

const BTC_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const BTC_TXID = 'a'.repeat(64);
const ETH_TXID = `0x${'b'.repeat(64)}`;

describe('collateral proof: explorer links', () => {
  it.each([
    ['MAINNET', 'BTC', BTC_ADDRESS, `https://mempool.space/address/${BTC_ADDRESS}`],
    ['MAINNET', 'ETH', '0xAbC', 'https://etherscan.io/address/0xAbC'],
    ['MAINNET', 'SOL', 'So1', null],
    ['SANDBOX', 'BTC', BTC_ADDRESS, null],
    ['SANDBOX', 'ETH', '0xAbC', null],
  ] as const)('%s %s address %s → %s', (network, type, address, url) => {
    expect(explorerAddressUrl(network, type, address)).toBe(url);
  });

  it.each([
    ['MAINNET', 'BTC', BTC_TXID, `https://mempool.space/tx/${BTC_TXID}`],
    ['MAINNET', 'ETH', ETH_TXID, `https://etherscan.io/tx/${ETH_TXID}`],
    // A balance change is no transaction an explorer knows.
    ['MAINNET', 'ETH', 'balance:0xabc:confirmed', null],
    ['MAINNET', 'BTC', 'not-a-hash', null],
    ['SANDBOX', 'BTC', BTC_TXID, null],
  ] as const)('%s %s transaction %s → %s', (network, type, txid, url) => {
    expect(explorerTransactionUrl(network, type, txid)).toBe(url);
  });
});

describe('collateral proof: balance status', () => {
  it.each([
    [null, '1.5', 'CHECKING'],
    [null, null, 'CHECKING'],
    ['1.5', '1.5', 'HELD'],
    ['1.6', '1.5', 'HELD'],
    ['1.499999999999999999', '1.5', 'SHORT'],
    ['0', '0.5', 'SHORT'],
    ['0', null, 'HELD'],
  ] as const)(
    'confirmed %s against the ledger %s is %s',
    (confirmedBalance, expectedCoins, status) => {
      expect(collateralProofStatus({ confirmedBalance, expectedCoins })).toBe(status);
    },
  );
});

describe('collateral proof: attestation and token', () => {
  it('the default attestation names the brand and fits the bounds', () => {
    const text = defaultCollateralAttestation('Harbor Credit Partners');
    expect(text).toContain('Harbor Credit Partners');
    expect(text).toMatch(/not lent, pledged or rehypothecated/);
    expect(text.length).toBeGreaterThanOrEqual(COLLATERAL_ATTESTATION_MIN_CHARS);
    expect(text.length).toBeLessThanOrEqual(COLLATERAL_ATTESTATION_MAX_CHARS);
  });

  it('a public link token carries at least 128 bits', () => {
    expect(COLLATERAL_PROOF_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(domain.COLLATERAL_PROOF_TOKEN_BYTES).toBe(COLLATERAL_PROOF_TOKEN_BYTES);
  });
});
