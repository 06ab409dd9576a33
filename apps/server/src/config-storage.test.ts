import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountPublicKeysFromSeed } from './adapters/keys/account-keys.js';
import { ConfigError, loadConfig } from './config.js';

const KEYS = accountPublicKeysFromSeed(new Uint8Array(32).fill(7));

const root = mkdtempSync(path.join(tmpdir(), 'config-storage-'));
const JWT_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('storage and review configuration', () => {
  it('stores in PostgreSQL, moves files from DATA_DIR/uploads and auto-reviews in the sandbox by default', () => {
    const config = loadConfig({ SANDBOX: 'true' }, root);
    expect(config.storage).toEqual({ driver: 'postgres' });
    expect(config.localFilesDir).toBe(path.join(root, 'data', 'uploads'));
    expect(config.sandboxAutoReview).toBe(true);
    expect(loadConfig({ SANDBOX: 'true', STORAGE_DIR: 'old-files' }, root).localFilesDir).toBe(
      path.join(root, 'old-files'),
    );
  });

  it('reads an S3-compatible bucket', () => {
    const config = loadConfig(
      {
        SANDBOX: 'false',
        ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        JWT_PRIVATE_KEY: JWT_KEY,
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        MAIL_FROM: 'no-reply@loans.example.com',
        CREDIT_BUREAU_URL: 'https://bureau.example.com',
        CREDIT_BUREAU_API_KEY: 'key',
        BTC_XPUB: KEYS.btc,
        ETH_XPUB: KEYS.eth,
        ESPLORA_URL: 'https://esplora.example.com/api',
        ETH_RPC_URL: 'https://eth.example.com/rpc',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'uploads',
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: 'https://minio.example.com/',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        SANDBOX_AUTO_REVIEW: 'false',
      },
      root,
    );
    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'uploads',
      region: 'eu-central-1',
      endpoint: 'https://minio.example.com',
      forcePathStyle: true,
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
    });
    expect(config.sandboxAutoReview).toBe(false);
  });

  it.each([
    [
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'b' },
      'S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
    ],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER must be postgres or s3'],
    [{ STORAGE_DRIVER: 'local' }, 'STORAGE_DRIVER local is no longer offered'],
    [{ SANDBOX: 'false', SANDBOX_AUTO_REVIEW: 'true' }, 'SANDBOX_AUTO_REVIEW must not be true'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(message);
  });

  it('never echoes the S3 secret', () => {
    expect(() =>
      loadConfig({ STORAGE_DRIVER: 's3', S3_SECRET_ACCESS_KEY: 'super-secret-value' }, root),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('super-secret') }));
  });
});
