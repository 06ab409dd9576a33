import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { TDb } from '../../db/pool.js';
import { accountPublicKeysFromSeed, loadOrCreateSandboxAccountKeys } from '../keys/account-keys.js';
import { createChain, DEFAULT_CHAIN_CONFIRMATIONS } from './config.js';

const KEYS = accountPublicKeysFromSeed(new Uint8Array(32).fill(7));
const unusedDb = {} as TDb;
const noFetch = () => Promise.reject(new Error('no network in this test'));

describe('chain configuration', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'chain-config-'));
    writeFileSync(path.join(root, 'package.json'), '{"workspaces":[]}');
  });

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the sandbox keys once and keeps only public keys', () => {
    const dataDir = path.join(root, 'data');
    const first = loadOrCreateSandboxAccountKeys(dataDir);
    const file = path.join(dataDir, 'keys', 'chain-account-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored: Record<string, unknown> = JSON.parse(readFileSync(file, 'utf8'));
    // Two extended public keys and nothing else: no private key (xprv, zprv…), seed or mnemonic.
    // (A base58 key may hold "pRv" by chance: the file is checked by its form, not by substrings.)
    expect(Object.keys(stored).sort()).toEqual(['btc', 'eth']);
    for (const key of Object.values(stored)) {
      expect(key).toMatch(/^[a-z]pub[1-9A-HJ-NP-Za-km-z]{100,}$/);
    }
    expect(stored).toEqual(first);
    expect(loadOrCreateSandboxAccountKeys(dataDir)).toEqual(first);
    expect(loadConfig({ SANDBOX: 'true' }, root).chain.keys).toEqual(first);
  });

  it('reads the keys, nodes and confirmations', () => {
    const config = loadConfig(
      {
        SANDBOX: 'true',
        BTC_XPUB: KEYS.btc,
        ETH_XPUB: KEYS.eth,
        ESPLORA_URL: 'https://esplora.example.com/api/',
        ETH_RPC_URL: 'https://eth.example.com/rpc',
        CHAIN_CONFIRMATIONS_BTC: '2',
        CHAIN_CONFIRMATIONS_ETH: '20',
      },
      root,
    );
    expect(config.chain).toEqual({
      keys: KEYS,
      esploraUrl: 'https://esplora.example.com/api',
      ethRpcUrl: 'https://eth.example.com/rpc',
      confirmations: { BTC: 2, ETH: 20 },
    });
  });

  it.each([
    [{ BTC_XPUB: KEYS.btc }, 'ETH_XPUB'],
    [{ BTC_XPUB: 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2n', ETH_XPUB: KEYS.eth }, 'BTC_XPUB'],
    [{ CHAIN_CONFIRMATIONS_BTC: '0' }, 'CHAIN_CONFIRMATIONS_BTC'],
    [{ ESPLORA_URL: 'ftp://esplora.example.com' }, 'ESPLORA_URL'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(name);
  });

  it('needs keys and both nodes outside the sandbox', () => {
    const chain = {
      keys: KEYS,
      esploraUrl: undefined,
      ethRpcUrl: 'https://eth.example.com',
      confirmations: DEFAULT_CHAIN_CONFIRMATIONS,
    };
    expect(() => createChain({ sandbox: false, chain, db: unusedDb, fetch: noFetch })).toThrow(
      'ESPLORA_URL',
    );
    const real = createChain({
      sandbox: false,
      chain: { ...chain, esploraUrl: 'https://esplora.example.com' },
      db: unusedDb,
      fetch: noFetch,
    });
    expect(real.depositAddress('BTC', 0)).toMatch(/^bc1q/);
    expect(real.requiredConfirmations('ETH')).toBe(DEFAULT_CHAIN_CONFIRMATIONS.ETH);
  });

  it('refuses to make up addresses without keys', () => {
    const chain = createChain({ sandbox: false, chain: undefined, db: unusedDb, fetch: noFetch });
    expect(() => chain.depositAddress('BTC', 0)).toThrow('not configured');
  });
});
