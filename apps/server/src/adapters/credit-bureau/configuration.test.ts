import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountPublicKeysFromSeed } from '../keys/account-keys.js';
import { ConfigError, loadConfig } from '../../config.js';
import type { TDb } from '../../db/pool.js';
import { createAdapters } from '../index.js';

/** What a configuration outside the sandbox needs besides the bureau. */
const PRODUCTION_SECRETS = {
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'no-reply@loans.example.com',
  // Outside the sandbox the chain settings are required too (checked in the same pass).
  BTC_XPUB: accountPublicKeysFromSeed(new Uint8Array(32).fill(7)).btc,
  ETH_XPUB: accountPublicKeysFromSeed(new Uint8Array(32).fill(7)).eth,
  ESPLORA_URL: 'https://esplora.example.com/api',
  ETH_RPC_URL: 'https://eth.example.com/rpc',
};

/** The credit bureau as the configuration chooses it (the rest of loadConfig is tested beside it). */
describe('credit bureau configuration', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pledge-bureau-config-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('reads the provider and runs the job worker unless told not to', () => {
    const config = loadConfig(
      {
        ...PRODUCTION_SECRETS,
        CREDIT_BUREAU_URL: 'https://bureau.example.com/api/',
        CREDIT_BUREAU_API_KEY: ' key-1 ',
        JOB_WORKER: 'false',
      },
      root,
    );
    expect(config.creditBureau).toEqual({
      baseUrl: 'https://bureau.example.com/api',
      apiKey: 'key-1',
    });
    expect(config.jobWorker).toBe(false);
    expect(loadConfig({ SANDBOX: 'true' }, root)).toMatchObject({
      creditBureau: undefined,
      jobWorker: true,
    });
  });

  it.each([
    [{ CREDIT_BUREAU_URL: 'https://bureau.example.com' }, 'CREDIT_BUREAU_API_KEY'],
    [{ CREDIT_BUREAU_API_KEY: 'secret-key' }, 'CREDIT_BUREAU_URL'],
    [{ CREDIT_BUREAU_URL: 'http://bureau.example.com', CREDIT_BUREAU_API_KEY: 'k' }, 'https'],
  ])('refuses %j, naming %s and never the key', (env, named) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(named);
    expect(() => loadConfig(env, root)).not.toThrow('secret-key');
  });

  it('uses the sandbox bureau in the sandbox and the provider outside it, which it requires', () => {
    const db = {} as TDb;
    expect(createAdapters({ config: { sandbox: true }, db }).creditBureau.name).toBe('sandbox');
    const real = createAdapters({
      config: {
        sandbox: false,
        smtp: { url: 'smtp://127.0.0.1:9', from: 'no-reply@example.com' },
        creditBureau: { baseUrl: 'https://bureau.example.com', apiKey: 'k' },
      },
      db,
    });
    expect(real.creditBureau.name).toBe('bureau.example.com');
    expect(() =>
      createAdapters({
        config: { sandbox: false, smtp: { url: 'smtp://127.0.0.1:9', from: 'a@example.com' } },
        db,
      }),
    ).toThrow('CREDIT_BUREAU_URL and CREDIT_BUREAU_API_KEY are required outside the sandbox');
  });
});
