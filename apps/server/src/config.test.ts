import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, findRepoRoot, loadConfig } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const JWT_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
/** What a configuration outside the sandbox needs besides the encryption key. */
const PRODUCTION_SECRETS = {
  ENCRYPTION_KEY: KEY,
  JWT_PRIVATE_KEY: JWT_KEY,
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'no-reply@loans.example.com',
};
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
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const config = loadConfig({ NODE_ENV, ...PRODUCTION_SECRETS, DATABASE_URL }, root);
      expect(config).toMatchObject({ sandbox: false, nodeEnv: NODE_ENV ?? 'development' });
    }
    expect(loadConfig({ SANDBOX: 'true', NODE_ENV: 'test' }, root).sandbox).toBe(true);
  });

  it('refuses to start without the sandbox and without its secrets', () => {
    // Before, an unset SANDBOX meant the sandbox everywhere but in production.
    expect(() => loadConfig({}, root)).toThrow(/ENCRYPTION_KEY is required when SANDBOX is off/);
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
      /SANDBOX must not be true when NODE_ENV=production[\s\S]*ENCRYPTION_KEY, JWT_PRIVATE_KEY, SMTP_URL set/,
    );
  });

  it('requires DATABASE_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }, root)).toThrow(
      /DATABASE_URL is required when NODE_ENV=production/,
    );
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
