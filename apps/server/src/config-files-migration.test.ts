import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadFilesMigrationConfig } from './config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OLD_KEY = Buffer.alloc(32, 8).toString('base64');
const DATABASE_URL = 'postgres://app@db.internal:5432/pledge';

/** What `npm run migrate-files` needs in production: the database and the data-at-rest key. */
const MIGRATE_FILES_ENV = { NODE_ENV: 'production', DATABASE_URL, ENCRYPTION_KEY: KEY };

describe('the configuration of npm run migrate-files', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pledge-files-config-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('needs only the database, the data-at-rest keys and the storage settings in production', () => {
    // The server itself refuses this environment (sign-in key, mail, bank, chain missing).
    expect(() => loadConfig(MIGRATE_FILES_ENV, root)).toThrow(ConfigError);
    expect(loadFilesMigrationConfig(MIGRATE_FILES_ENV, root)).toEqual({
      nodeEnv: 'production',
      sandbox: false,
      dataDir: path.join(root, 'data'),
      logLevel: 'info',
      databaseUrl: DATABASE_URL,
      embeddedPgPort: 54329,
      embeddedPgStatStatements: false,
      encryptionKey: Buffer.from(KEY, 'base64'),
      encryptionKeys: [Buffer.from(KEY, 'base64')],
      encryptionNextKey: undefined,
      storage: { driver: 'postgres' },
      localFilesDir: path.join(root, 'data', 'uploads'),
    });
  });

  it('reads a bucket, a key ring during a rotation and a files directory', () => {
    const config = loadFilesMigrationConfig(
      {
        ...MIGRATE_FILES_ENV,
        ENCRYPTION_KEY: undefined,
        ENCRYPTION_KEYS: `${KEY},${OLD_KEY}`,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'pledge-files',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        STORAGE_DIR: '/srv/old-uploads',
      },
      root,
    );
    expect(config.encryptionKeys).toEqual([
      Buffer.from(KEY, 'base64'),
      Buffer.from(OLD_KEY, 'base64'),
    ]);
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'pledge-files' });
    expect(config.localFilesDir).toBe('/srv/old-uploads');
  });

  it('ignores the variables it does not read, even when they are wrong', () => {
    expect(() =>
      loadFilesMigrationConfig(
        { ...MIGRATE_FILES_ENV, PORT: 'eighty', JWT_PRIVATE_KEY: 'not a key', SMTP_URL: 'x' },
        root,
      ),
    ).not.toThrow();
  });

  it('lists every problem of what it reads in one message, like the server, naming no secret', () => {
    let message = '';
    try {
      loadFilesMigrationConfig(
        {
          NODE_ENV: 'production',
          ENCRYPTION_NEXT_KEY: 'c2VjcmV0LWJ1dC1zaG9ydA==',
          STORAGE_DRIVER: 's3',
          S3_REGION: 'US East',
          LOG_LEVEL: 'loud',
        },
        root,
      );
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration (8 problems):',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '  ENCRYPTION_NEXT_KEY must be the base64 encoding of 32 bytes',
      '  S3_REGION must be a region name such as us-east-1 (got "US East")',
      '  DATABASE_URL is required when NODE_ENV=production (the embedded PostgreSQL is for development only)',
      '  ENCRYPTION_KEY is required when SANDBOX is off (or ENCRYPTION_KEYS while rotating)',
      '  S3_BUCKET is required when STORAGE_DRIVER=s3',
      '  S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3',
      '  S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    ]);
    expect(message).not.toContain('c2VjcmV0');
  });

  it('refuses the sandbox beside production secrets and in production, as the server does', () => {
    expect(() => loadFilesMigrationConfig({ SANDBOX: 'true', ENCRYPTION_KEY: KEY }, root)).toThrow(
      /SANDBOX must not be true beside production secrets \(ENCRYPTION_KEY set\)/,
    );
    expect(() => loadFilesMigrationConfig({ ...MIGRATE_FILES_ENV, SANDBOX: 'true' }, root)).toThrow(
      /SANDBOX must not be true when NODE_ENV=production/,
    );
  });

  it('uses the sandbox key of DATA_DIR in the sandbox, the one the server made', () => {
    const server = loadConfig({ SANDBOX: 'true' }, root);
    expect(loadFilesMigrationConfig({ SANDBOX: 'true' }, root).encryptionKey).toEqual(
      server.encryptionKey,
    );
  });
});
