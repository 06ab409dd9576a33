/**
 * compose.yaml as shipped boots: the settings block every instance shares, with the variables it
 * asks of `.env` given test values, passes the server's configuration check (the one the boot runs
 * before anything else), and the migrate step gets the database the instances use. Its health check
 * and the image's are liveness (/livez), never readiness, which a database outage fails.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { accountPublicKeysFromSeed } from '../../src/adapters/keys/account-keys.js';
import { findRepoRoot, loadConfig } from '../../src/config.js';
import { writeProductionBrands } from '../helpers/brand-file.js';
import { useTempDir } from '../helpers/temp-dir.js';

const ROOT = findRepoRoot();
const ACCOUNT_KEYS = accountPublicKeysFromSeed(new Uint8Array(32).fill(5));

/**
 * What an operator puts in `.env`: a value for each variable compose.yaml requires (`${NAME:?…}`).
 * A variable compose starts to require is a test failure until it has a value here.
 */
const DOT_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'compose-test-password',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  // On one line with literal \n, as a .env file holds a PEM.
  JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
    .trim()
    .replaceAll('\n', '\\n'),
  PUBLIC_ORIGIN: 'https://loans.acme-lending.com',
  SMTP_URL: 'smtps://mailer:mail-password@smtp.acme-lending.com:465',
  MAIL_FROM: 'loans@acme-lending.com',
  AGENT_EMAILS: 'ops@acme-lending.com',
  CREDIT_BUREAU_URL: 'https://bureau.acme-lending.com/api',
  CREDIT_BUREAU_API_KEY: 'bureau-api-key',
  BTC_XPUB: ACCOUNT_KEYS.btc,
  ETH_XPUB: ACCOUNT_KEYS.eth,
  ESPLORA_URL: 'https://esplora.acme-lending.com/api',
  ETH_RPC_URL: 'https://eth.acme-lending.com/rpc',
  PLAID_CLIENT_ID: 'plaid-client-id',
  PLAID_SECRET: 'plaid-secret',
};

/**
 * Compose's interpolation: `${NAME:?message}` (required), `${NAME:-default}`, `${NAME}`, and `$$`
 * for a literal `$`. Answers the text and the names it required.
 */
function interpolate(
  text: string,
  env: Record<string, string>,
): { text: string; required: Set<string> } {
  const required = new Set<string>();
  const out = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[?-])([^}]*))?\}/g,
    (match, name: string | undefined, operator: string | undefined, word: string | undefined) => {
      if (match === '$$') return '$';
      if (name === undefined) return match;
      const value = env[name];
      const isEmpty = value === undefined || (operator?.startsWith(':') === true && value === '');
      if (operator?.endsWith('?') === true) {
        required.add(name);
        if (isEmpty) throw new Error(`compose would stop: ${name}: ${word ?? ''}`);
      }
      if (isEmpty) return operator?.endsWith('-') === true ? (word ?? '') : '';
      return value;
    },
  );
  return { text: out, required };
}

type TService = {
  environment?: Record<string, string | number | boolean>;
  volumes?: string[];
  healthcheck?: { test: string[] | string };
  command?: string[];
};

const dir = useTempDir('pledge-compose');
let brandsFile: string;
let services: Record<string, TService>;
let required: Set<string>;

beforeAll(() => {
  brandsFile = writeProductionBrands(dir());
  const interpolated = interpolate(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), DOT_ENV);
  required = interpolated.required;
  services = (parse(interpolated.text, { merge: true }) as { services: Record<string, TService> })
    .services;
});

/** The instance's environment, its bind-mounted brands file read from the host file the test wrote. */
function instanceEnvironment(service: TService): Record<string, string> {
  // Compose hands every value to the process as text (TRUST_PROXY: 1 is "1").
  const environment = Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value)]),
  );
  const mount = (service.volumes ?? [])
    .map((volume) => volume.split(':'))
    .find(([, target]) => target === environment.BRANDS_FILE);
  expect(mount?.[0], 'BRANDS_FILE is a file compose mounts').toBe('./brands.json');
  return { ...environment, BRANDS_FILE: brandsFile };
}

describe('compose.yaml as shipped', () => {
  it('asks .env for the variables it needs, and only those the test gives', () => {
    expect([...required].sort()).toEqual(Object.keys(DOT_ENV).sort());
  });

  it("runs two instances whose settings pass the server's configuration check", () => {
    const instances = ['app-a', 'app-b'].map((name) => services[name]);
    for (const service of instances) {
      expect(service?.environment?.NODE_ENV).toBe('production');
      // Only what compose gives: nothing of this machine's environment.
      const config = loadConfig(instanceEnvironment(service ?? {}), ROOT);
      expect(config).toMatchObject({ nodeEnv: 'production', sandbox: false, port: 3000 });
      expect(config.plaid).toMatchObject({ environment: 'production' });
      expect(config.databaseUrl).toBe(
        `postgres://pledge:${DOT_ENV.POSTGRES_PASSWORD}@postgres:5432/pledge`,
      );
    }
    expect(instances[0]?.environment).toEqual(instances[1]?.environment);
  });

  it('migrates the database the instances use', () => {
    const migrate = services.migrate;
    expect(migrate?.command).toContain('apps/server/dist/migrate.js');
    expect(migrate?.environment?.DATABASE_URL).toBe(services['app-a']?.environment?.DATABASE_URL);
  });

  it('checks the instances for liveness (/livez), as the image does, never for readiness', () => {
    for (const name of ['app-a', 'app-b']) {
      const test = services[name]?.healthcheck?.test;
      const command = Array.isArray(test) ? test.join(' ') : (test ?? '');
      expect(command).toContain('/livez');
      expect(command).not.toContain('/readyz');
    }
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const healthcheck = /^HEALTHCHECK[^\n]*\\\n[^\n]*/m.exec(dockerfile)?.[0] ?? '';
    expect(healthcheck).toContain('/livez');
    expect(healthcheck).not.toContain('/readyz');
  });
});
