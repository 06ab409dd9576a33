import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { accountPublicKeysFromSeed } from './adapters/keys/account-keys.js';
import { ConfigError, findRepoRoot, loadConfig } from './config.js';
import { writeProductionBrands } from '../test/helpers/brand-file.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const JWT_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const ACCOUNT_KEYS = accountPublicKeysFromSeed(new Uint8Array(32).fill(7));
/** A private account key: what must never be accepted as, nor echoed from, BTC_XPUB. */
const XPRV = HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).privateExtendedKey;
/** What a configuration outside the sandbox needs. */
const PRODUCTION_SECRETS = {
  ENCRYPTION_KEY: KEY,
  JWT_PRIVATE_KEY: JWT_KEY,
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'no-reply@loans.example.com',
  CREDIT_BUREAU_URL: 'https://bureau.example.com/api',
  CREDIT_BUREAU_API_KEY: 'bureau-key',
  BTC_XPUB: ACCOUNT_KEYS.btc,
  ETH_XPUB: ACCOUNT_KEYS.eth,
  ESPLORA_URL: 'https://esplora.example.com/api',
  ETH_RPC_URL: 'https://eth.example.com/rpc',
};
/** The Plaid account production requires (bank linking and ACH payments). */
const PLAID_SETTINGS = { PLAID_CLIENT_ID: 'plaid-client', PLAID_SECRET: 'plaid-secret' };
const PRODUCTION_SECRETS_BY_NAME: Record<string, string> = PRODUCTION_SECRETS;
const DATABASE_URL = 'postgres://app@db.internal:5432/pledge';

describe('loadConfig', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pledge-config-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('has the documented defaults', () => {
    const config = loadConfig({ SANDBOX: 'true' }, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      sandbox: true,
      databaseUrl: undefined,
      dataDir: path.join(root, 'data'),
      embeddedPgPort: 54329,
      logLevel: 'info',
      webDist: path.join(root, 'apps/web/dist'),
      publicOrigin: undefined,
      trustProxy: false,
    });
  });

  it('resolves relative directories from the repository root', () => {
    const config = loadConfig({ SANDBOX: 'true', DATA_DIR: 'state', WEB_DIST: '/srv/web' }, root);
    expect(config.dataDir).toBe(path.join(root, 'state'));
    expect(config.webDist).toBe('/srv/web');
  });

  it('creates the sandbox encryption key once, private to its owner', () => {
    const first = loadConfig({ SANDBOX: 'true' }, root);
    const file = path.join(root, 'data', 'keys', 'encryption-key');
    expect(first.encryptionKey).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(root, 'data', 'keys')).mode & 0o777).toBe(0o700);
    expect(loadConfig({ SANDBOX: 'true' }, root).encryptionKey.equals(first.encryptionKey)).toBe(
      true,
    );
    expect(readFileSync(file, 'utf8').trim()).toBe(first.encryptionKey.toString('base64'));
  });

  it('uses ENCRYPTION_KEY when given, without writing a key file', () => {
    const config = loadConfig(PRODUCTION_SECRETS, root);
    expect(config.encryptionKey.toString('base64')).toBe(KEY);
    expect(existsSync(path.join(root, 'data', 'keys', 'encryption-key'))).toBe(false);
  });

  it('runs without the sandbox unless SANDBOX=true, whatever NODE_ENV says', () => {
    const BRANDS_FILE = writeProductionBrands(root);
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const config = loadConfig(
        { NODE_ENV, ...PRODUCTION_SECRETS, ...PLAID_SETTINGS, DATABASE_URL, BRANDS_FILE },
        root,
      );
      expect(config).toMatchObject({ sandbox: false, nodeEnv: NODE_ENV ?? 'development' });
    }
    expect(loadConfig({ SANDBOX: 'true', NODE_ENV: 'test' }, root).sandbox).toBe(true);
  });

  it('refuses to start without the sandbox and without its secrets', () => {
    // Before, an unset SANDBOX meant the sandbox everywhere but in production.
    expect(() => loadConfig({}, root)).toThrow(/ENCRYPTION_KEY is required when SANDBOX is off/);
  });

  it('lists every problem of the environment in one message, one line each', () => {
    const env = {
      NODE_ENV: 'production',
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      ENCRYPTION_KEY: 'c2hvcnQ=',
      BTC_XPUB: XPRV,
      ETH_XPUB: ACCOUNT_KEYS.eth,
      STORAGE_DRIVER: 's3',
      CREDIT_BUREAU_URL: 'http://bureau.example.com',
    };
    let message = '';
    try {
      loadConfig(env, root);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const lines = message.split('\n').slice(1);
    for (const expected of [
      /^ {2}PORT must be a port number \(got "abc"\)$/,
      /^ {2}LOG_LEVEL must be one of/,
      /^ {2}ENCRYPTION_KEY must be the base64 encoding of 32 bytes$/,
      /^ {2}BTC_XPUB must be an account extended public key/,
      /^ {2}CREDIT_BUREAU_URL must be an https URL$/,
      /^ {2}CREDIT_BUREAU_API_KEY is required together with/,
      /^ {2}DATABASE_URL is required when NODE_ENV=production/,
      /^ {2}S3_BUCKET is required when STORAGE_DRIVER=s3$/,
      /^ {2}ESPLORA_URL is required when SANDBOX is off$/,
      /^ {2}ETH_RPC_URL is required when SANDBOX is off$/,
      /^ {2}JWT_PRIVATE_KEY is required when SANDBOX is off$/,
    ]) {
      expect(lines.some((line) => expected.test(line))).toBe(true);
    }
    expect(message).toMatch(/^Invalid configuration \(\d+ problems\):/);
    // Keys and URLs are named, never echoed.
    expect(message).not.toContain(XPRV.slice(4, 30));
    expect(message).not.toContain('c2hvcnQ=');
    expect(message).not.toContain('bureau.example.com');
  });

  it('requires the Plaid account in production, not in development or the sandbox', () => {
    const BRANDS_FILE = writeProductionBrands(root);
    const env = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, DATABASE_URL, BRANDS_FILE };
    let message = '';
    try {
      loadConfig(env, root);
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n').slice(1);
    expect(lines).toEqual([
      '  PLAID_CLIENT_ID is required when NODE_ENV=production (bank linking and ACH payments)',
      '  PLAID_SECRET is required when NODE_ENV=production (bank linking and ACH payments)',
    ]);
    expect(loadConfig({ ...env, ...PLAID_SETTINGS }, root).plaid).toEqual({
      clientId: 'plaid-client',
      secret: 'plaid-secret',
      environment: 'sandbox',
    });
    expect(loadConfig({ ...env, NODE_ENV: 'development' }, root).plaid).toBeUndefined();
    expect(() => loadConfig({ ...env, PLAID_SECRET: 'plaid-secret' }, root)).toThrow(
      /PLAID_CLIENT_ID is required together with the other PLAID_ variable/,
    );
  });

  it('names a private key given as BTC_XPUB without repeating it', () => {
    const env = { ...PRODUCTION_SECRETS, BTC_XPUB: XPRV };
    expect(() => loadConfig(env, root)).toThrow(/BTC_XPUB must be an account extended public key/);
    expect(() => loadConfig(env, root)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(XPRV) }),
    );
  });

  it.each([
    ['CREDIT_BUREAU_URL', 'CREDIT_BUREAU_API_KEY'],
    ['BTC_XPUB', 'ETH_XPUB'],
    ['ESPLORA_URL'],
    ['ETH_RPC_URL'],
  ])('requires %s outside the sandbox', (...names) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION_SECRETS };
    for (const name of names) env[name] = undefined;
    for (const name of names) {
      expect(() => loadConfig(env, root)).toThrow(
        new RegExp(`${name} is required when SANDBOX is off`),
      );
    }
  });

  it('reads a key ring from ENCRYPTION_KEYS, newest first', () => {
    const newer = Buffer.alloc(32, 9).toString('base64');
    const { ENCRYPTION_KEY: _key, ...rest } = PRODUCTION_SECRETS;
    const config = loadConfig({ ...rest, ENCRYPTION_KEYS: `${newer}, ${KEY}` }, root);
    expect(config.encryptionKeys.map((key) => key.toString('base64'))).toEqual([newer, KEY]);
    expect(config.encryptionKey.toString('base64')).toBe(newer);
    expect(loadConfig(PRODUCTION_SECRETS, root).encryptionKeys).toHaveLength(1);
  });

  it('reads the next key of a rotation (ENCRYPTION_NEXT_KEY) apart from the keys that seal', () => {
    const next = Buffer.alloc(32, 11).toString('base64');
    const config = loadConfig({ ...PRODUCTION_SECRETS, ENCRYPTION_NEXT_KEY: next }, root);
    expect(config.encryptionNextKey?.toString('base64')).toBe(next);
    expect(config.encryptionKeys.map((key) => key.toString('base64'))).toEqual([KEY]);
    expect(loadConfig(PRODUCTION_SECRETS, root).encryptionNextKey).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION_SECRETS, ENCRYPTION_NEXT_KEY: 'short' }, root)).toThrow(
      'ENCRYPTION_NEXT_KEY must be the base64 encoding of 32 bytes',
    );
    expect(() => loadConfig({ SANDBOX: 'true', ENCRYPTION_NEXT_KEY: next }, root)).toThrow(
      /SANDBOX must not be true beside production secrets \(ENCRYPTION_NEXT_KEY set\)/,
    );
  });

  it.each([
    [{ ENCRYPTION_KEYS: `${KEY},nope` }, 'ENCRYPTION_KEYS entry 2 must be the base64 encoding'],
    [{ ENCRYPTION_KEYS: `${KEY},${KEY}` }, 'ENCRYPTION_KEYS must not list a key twice'],
    [{ ENCRYPTION_KEY: KEY, ENCRYPTION_KEYS: KEY }, 'ENCRYPTION_KEYS must not be set beside'],
  ])('refuses the key ring %j', (keys, message) => {
    const { ENCRYPTION_KEY: _key, ...rest } = PRODUCTION_SECRETS;
    expect(() => loadConfig({ ...rest, ...keys }, root)).toThrow(message);
    expect(() => loadConfig({ ...rest, ...keys }, root)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(KEY) }),
    );
  });

  it('refuses placeholder brand contact details in production, one line each', () => {
    const env = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, ...PLAID_SETTINGS, DATABASE_URL };
    const placeholder = writeProductionBrands(root, {
      supportEmail: 'support@acme.example',
      supportPhone: '(888) 555-0142',
    });
    expect(() => loadConfig({ ...env, BRANDS_FILE: placeholder }, root)).toThrow(
      /brand "default" has a placeholder supportEmail[\s\S]*brand "default" has a placeholder supportPhone/,
    );
    const real = writeProductionBrands(root);
    expect(loadConfig({ ...env, BRANDS_FILE: real }, root).brands?.brands[0]).toMatchObject({
      supportEmail: 'help@acme-lending.com',
    });
    // Development keeps the demo brands.
    expect(
      loadConfig(PRODUCTION_SECRETS, root).brands?.brands.map((brand) => brand.orgCode),
    ).toEqual(['default', 'partner', 'markets']);
    // Production without a brand file serves the database's brands, never the demo ones.
    expect(loadConfig(env, root).brands).toBeNull();
    expect(() =>
      loadConfig({ ...env, BRANDS_FILE: path.join(root, 'missing.json') }, root),
    ).toThrow(/BRANDS_FILE names a file that does not exist/);
  });

  it.each(['Production', 'PRODUCTION', 'prod', 'staging', 'dev', ' production'])(
    'refuses NODE_ENV=%j with the allowed values',
    (NODE_ENV) => {
      const env = { NODE_ENV, ...PRODUCTION_SECRETS, DATABASE_URL };
      expect(() => loadConfig(env, root)).toThrow(ConfigError);
      expect(() => loadConfig(env, root)).toThrow(
        /NODE_ENV must be one of development, test, production/,
      );
    },
  );

  it.each([
    'ENCRYPTION_KEY',
    'JWT_PRIVATE_KEY',
    'SMTP_URL',
    'CREDIT_BUREAU_API_KEY',
    'PLAID_SECRET',
    'S3_SECRET_ACCESS_KEY',
    'ADDRESS_API_KEY',
  ])('refuses SANDBOX=true beside %s, naming it', (secret) => {
    const value = secret === 'ENCRYPTION_KEY' ? KEY : (PRODUCTION_SECRETS_BY_NAME[secret] ?? 'x1');
    const env = { SANDBOX: 'true', [secret]: value };
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(
      new RegExp(`SANDBOX must not be true beside production secrets \\(${secret} set\\)`),
    );
    expect(() => loadConfig(env, root)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(value) }),
    );
  });

  it('lists every conflict in one message', () => {
    const env = { NODE_ENV: 'production', SANDBOX: 'yes', ...PRODUCTION_SECRETS, DATABASE_URL };
    expect(() => loadConfig(env, root)).toThrow(
      /SANDBOX must not be true when NODE_ENV=production[\s\S]*ENCRYPTION_KEY, JWT_PRIVATE_KEY, SMTP_URL, CREDIT_BUREAU_API_KEY set/,
    );
  });

  it('requires DATABASE_URL in production (never the embedded PostgreSQL)', () => {
    const BRANDS_FILE = writeProductionBrands(root);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, BRANDS_FILE }, root),
    ).toThrow(/DATABASE_URL is required when NODE_ENV=production/);
  });

  it('reads the optional settings', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        SANDBOX: 'false',
        ...PRODUCTION_SECRETS,
        AGENT_EMAILS: ' Ops@Example.com, second@example.com ,',
        DATABASE_URL: 'postgres://app@db.internal:5432/pledge',
        PUBLIC_ORIGIN: 'https://loans.example.com/',
        TRUST_PROXY: '2',
        LOG_LEVEL: 'warn',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      sandbox: false,
      databaseUrl: 'postgres://app@db.internal:5432/pledge',
      publicOrigin: 'https://loans.example.com',
      trustProxy: 2,
      logLevel: 'warn',
      smtp: { url: PRODUCTION_SECRETS.SMTP_URL, from: PRODUCTION_SECRETS.MAIL_FROM },
      agentEmails: ['ops@example.com', 'second@example.com'],
    });
    expect(config.jwtPrivateKey.asymmetricKeyType).toBe('ec');
    expect(existsSync(path.join(root, 'data', 'keys'))).toBe(false);
  });

  it('creates the sandbox signing key once and has no SMTP or agents by default', () => {
    const first = loadConfig({ SANDBOX: 'true' }, root);
    const file = path.join(root, 'data', 'keys', 'jwt-private-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pem = (config: ReturnType<typeof loadConfig>) =>
      config.jwtPrivateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(pem(loadConfig({ SANDBOX: 'true' }, root))).toEqual(pem(first));
    expect(first).toMatchObject({ smtp: undefined, agentEmails: [] });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SANDBOX: 'maybe' }, 'SANDBOX'],
    [{ NODE_ENV: 'production', SANDBOX: 'true', DATABASE_URL }, 'SANDBOX'],
    [{ SANDBOX: 'false' }, 'ENCRYPTION_KEY'],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, 'ENCRYPTION_KEY'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_ORIGIN: 'ftp://x' }, 'PUBLIC_ORIGIN'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY'],
    [{ EMBEDDED_PG_PORT: '-1' }, 'EMBEDDED_PG_PORT'],
    [{ ...PRODUCTION_SECRETS, SANDBOX: 'false', JWT_PRIVATE_KEY: undefined }, 'JWT_PRIVATE_KEY'],
    [{ ...PRODUCTION_SECRETS, SANDBOX: 'false', SMTP_URL: undefined }, 'SMTP_URL'],
    [{ ...PRODUCTION_SECRETS, SANDBOX: 'false', MAIL_FROM: undefined }, 'MAIL_FROM'],
    [{ JWT_PRIVATE_KEY: 'not a key' }, 'JWT_PRIVATE_KEY'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ AGENT_EMAILS: 'agent@example.com,not-an-address' }, 'AGENT_EMAILS'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('never repeats a secret in its message', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: 'not-a-real-key-value' }, root)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('not-a-real-key-value') }),
    );
    expect(() =>
      loadConfig({ JWT_PRIVATE_KEY: 'not-a-real-pem', SMTP_URL: 'ftp://user:pw@x' }, root),
    ).toThrow(
      expect.objectContaining({
        message: expect.not.stringMatching(/not-a-real-pem|user:pw/),
      }),
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ SANDBOX: 'true', PORT: '', DATABASE_URL: ' ' }, root)).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});

describe('findRepoRoot', () => {
  it('finds the workspace root above this package', () => {
    const root = findRepoRoot();
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces?: string[];
    };
    expect(manifest.workspaces).toContain('apps/server');
  });
});
