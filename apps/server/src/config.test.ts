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

describe('loadConfig', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pledge-config-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
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
    const config = loadConfig({ DATA_DIR: 'state', WEB_DIST: '/srv/web' }, root);
    expect(config.dataDir).toBe(path.join(root, 'state'));
    expect(config.webDist).toBe('/srv/web');
  });

  it('creates the sandbox encryption key once, private to its owner', () => {
    const first = loadConfig({}, root);
    const file = path.join(root, 'data', 'keys', 'encryption-key');
    expect(first.encryptionKey).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(root, 'data', 'keys')).mode & 0o777).toBe(0o700);
    expect(loadConfig({}, root).encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.encryptionKey.toString('base64'));
  });

  it('uses ENCRYPTION_KEY when given, without writing a key file', () => {
    const config = loadConfig({ ENCRYPTION_KEY: KEY }, root);
    expect(config.encryptionKey.toString('base64')).toBe(KEY);
    expect(existsSync(path.join(root, 'data', 'keys', 'encryption-key'))).toBe(false);
  });

  it('turns sandbox off in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }, root);
    expect(config.sandbox).toBe(false);
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
    const first = loadConfig({}, root);
    const file = path.join(root, 'data', 'keys', 'jwt-private-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pem = (config: ReturnType<typeof loadConfig>) =>
      config.jwtPrivateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(pem(loadConfig({}, root))).toEqual(pem(first));
    expect(first).toMatchObject({ smtp: undefined, agentEmails: [] });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SANDBOX: 'maybe' }, 'SANDBOX'],
    [{ NODE_ENV: 'production', SANDBOX: 'true', ENCRYPTION_KEY: KEY }, 'SANDBOX'],
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
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, root)).toMatchObject({
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
