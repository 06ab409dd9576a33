/**
 * The server process with a bad configuration: every problem is listed in one message, on stderr,
 * before the database is touched (no migration ran, no schema was made), and no secret is echoed.
 */
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { runServerEntry } from '../helpers/server-entry.js';
import { useTempDir } from '../helpers/temp-dir.js';

const XPRV = HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).privateExtendedKey;
const SMTP_PASSWORD = 'smtp-password-never-shown';

describe('a server started with a bad configuration', () => {
  let database: TTestDatabase;
  const dataDir = useTempDir('bad-config');
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.drop());

  it('lists every problem in one message and stops before any migration', async () => {
    const { code, stderr } = await runServerEntry(
      'src/server.ts',
      {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        ENCRYPTION_KEY: 'too-short',
        BTC_XPUB: XPRV,
        SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@smtp.acme-lending.com`,
        STORAGE_DRIVER: 'local',
        CREDIT_BUREAU_URL: 'https://bureau.acme-lending.com',
      },
      { timeoutMs: 30_000 },
    );
    expect(code).toBe(1);
    const [heading, ...lines] = stderr.trim().split('\n');
    expect(heading).toMatch(/^Invalid configuration \(\d+ problems\):$/);
    for (const expected of [
      /^ {2}PORT must be a port number \(got "eighty"\)$/,
      /^ {2}ENCRYPTION_KEY must be the base64 encoding of 32 bytes$/,
      /^ {2}BTC_XPUB must be an account extended public key/,
      /^ {2}STORAGE_DRIVER local is no longer offered/,
      /^ {2}CREDIT_BUREAU_API_KEY is required together with the other CREDIT_BUREAU_ variable$/,
      /^ {2}ETH_XPUB is required together with the other account public key$/,
      /^ {2}ESPLORA_URL is required when SANDBOX is off$/,
      /^ {2}ETH_RPC_URL is required when SANDBOX is off$/,
      /^ {2}JWT_PRIVATE_KEY is required when SANDBOX is off$/,
      /^ {2}MAIL_FROM is required when SANDBOX is off$/,
    ]) {
      expect(lines.filter((line) => expected.test(line))).toHaveLength(1);
    }
    expect(heading).toContain(`(${lines.length} problems)`);
    // Named, never echoed.
    expect(stderr).not.toContain(XPRV.slice(4));
    expect(stderr).not.toContain('too-short');
    expect(stderr).not.toContain(SMTP_PASSWORD);

    // Nothing touched the database: no migration table, no schema, no table.
    const tables = await database.pool.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.rows).toEqual([]);
    const drizzle = await database.pool.query<{ found: string | null }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`,
    );
    expect(drizzle.rows[0]?.found).toBeNull();
  }, 60_000);
});
