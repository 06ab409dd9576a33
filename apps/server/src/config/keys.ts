/**
 * The keys of data at rest and of sign-in tokens.
 *
 * - ENCRYPTION_KEY: base64 of 32 bytes (AES-256-GCM key for data at rest). Required when not in
 *   sandbox; in sandbox, generated once and kept in DATA_DIR/keys/encryption-key (mode 0600).
 *   Checked at boot against the check value the database keeps (security/key-check.ts).
 * - ENCRYPTION_KEYS: instead of ENCRYPTION_KEY while rotating keys: comma-separated base64 keys,
 *   the new key first, the old ones after. Values are sealed with the first and read with any; the
 *   re-encrypt job rewrites every sealed value and file to the first (README, "Rotating the
 *   encryption key").
 * - ENCRYPTION_NEXT_KEY [unset]: the first phase of a rotation: a base64 key every instance opens
 *   values with but none seals with yet, so that once instances start sealing with it (listed
 *   first in ENCRYPTION_KEYS) those still restarting read what they write.
 * - JWT_PRIVATE_KEY: PKCS8 PEM of the P-256 key that signs sign-in tokens (ES256; literal "\n" line
 *   breaks are accepted). Required when not in sandbox; in sandbox, generated once and kept in
 *   DATA_DIR/keys/jwt-private-key.pem (mode 0600).
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadOrCreateSandboxJwtKey, parseJwtPrivateKey } from '../security/jwt.js';
import {
  asConfigError,
  ConfigError,
  defineArea,
  requiredOutsideSandbox,
  type TIssue,
} from './area.js';

export const ENCRYPTION_KEY_BYTES = 32;
const SANDBOX_KEY_FILE = 'encryption-key';

export interface TKeysConfig {
  /** The newest encryption key: what values are sealed with. */
  encryptionKey: Buffer;
  /** Every key values may be sealed with, newest first (ENCRYPTION_KEYS, or the one key). */
  encryptionKeys: readonly Buffer[];
  /** A key values are opened with but not sealed with yet (ENCRYPTION_NEXT_KEY), if any. */
  encryptionNextKey: Buffer | undefined;
  /** Signs sign-in tokens (ES256). */
  jwtPrivateKey: KeyObject;
}

function decodeKey(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === ENCRYPTION_KEY_BYTES ? key : null;
}

/** A data-at-rest key: base64 of 32 bytes. */
const ZEncryptionKey = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const key = decodeKey(value);
    if (key === null) {
      ctx.addIssue({
        code: 'custom',
        message: `must be the base64 encoding of ${ENCRYPTION_KEY_BYTES} bytes`,
      });
      return z.NEVER;
    }
    return key;
  });

/** A key ring: distinct data-at-rest keys, newest first. */
const ZEncryptionKeys = z.string().transform((value, ctx) => {
  const entries = value.split(',').map((entry) => entry.trim());
  const keys: Buffer[] = [];
  entries.forEach((entry, index) => {
    const key = decodeKey(entry);
    if (key === null) {
      ctx.addIssue({
        code: 'custom',
        message: `entry ${index + 1} must be the base64 encoding of ${ENCRYPTION_KEY_BYTES} bytes`,
      });
    } else keys.push(key);
  });
  if (keys.length !== entries.length) return z.NEVER;
  const distinct = new Set(keys.map((key) => key.toString('base64')));
  if (distinct.size !== keys.length) {
    ctx.addIssue({ code: 'custom', message: 'must not list a key twice' });
    return z.NEVER;
  }
  return keys;
});

/**
 * The sandbox encryption key: created once (random) and kept beside the sandbox data so that
 * restarts can still read what was encrypted before.
 */
export function loadOrCreateSandboxKey(dataDir: string): Buffer {
  const keysDir = path.join(dataDir, 'keys');
  const file = path.join(keysDir, SANDBOX_KEY_FILE);
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8').trim());
    if (key === null) {
      throw new ConfigError(
        `${file} does not hold a base64 key of ${ENCRYPTION_KEY_BYTES} bytes; remove it to generate a new one`,
      );
    }
    return key;
  }
  // DATA_DIR itself keeps the default mode (the embedded database runs as another user and must
  // reach DATA_DIR/pg); only the keys directory is private.
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  // The mode given to writeFileSync is filtered by the umask; make it exact.
  chmodSync(file, 0o600);
  return key;
}

const ZJwtPrivateKey = z
  .string()
  .transform((value, ctx) => {
    const key = parseJwtPrivateKey(value);
    if (key === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a PKCS8 PEM of a P-256 private key' });
      return z.NEVER;
    }
    return key;
  })
  .optional();

/** The data-at-rest keys alone: what a tool that reads or writes sealed data needs. */
export const encryptionKeysArea = defineArea({
  variables: z.object({
    ENCRYPTION_KEY: ZEncryptionKey.optional(),
    ENCRYPTION_NEXT_KEY: ZEncryptionKey.optional(),
    ENCRYPTION_KEYS: ZEncryptionKeys.optional(),
  }),
  sandboxSecrets: ['ENCRYPTION_KEY', 'ENCRYPTION_KEYS', 'ENCRYPTION_NEXT_KEY'],
  check: (_env, context) => {
    const issues: TIssue[] = [];
    const { isSet } = context;
    if (isSet('ENCRYPTION_KEY') && isSet('ENCRYPTION_KEYS')) {
      issues.push({
        name: 'ENCRYPTION_KEYS',
        message: 'must not be set beside ENCRYPTION_KEY: set one of them',
      });
    }
    if (context.isOutsideSandbox && !isSet('ENCRYPTION_KEY') && !isSet('ENCRYPTION_KEYS')) {
      issues.push({
        name: 'ENCRYPTION_KEY',
        message: 'is required when SANDBOX is off (or ENCRYPTION_KEYS while rotating)',
      });
    }
    return issues;
  },
  build: (env, context): Omit<TKeysConfig, 'jwtPrivateKey'> => {
    const encryptionKeys = env.ENCRYPTION_KEYS ?? [
      env.ENCRYPTION_KEY ?? loadOrCreateSandboxKey(context.dataDir),
    ];
    return {
      encryptionKey: encryptionKeys[0] as Buffer,
      encryptionKeys,
      encryptionNextKey: env.ENCRYPTION_NEXT_KEY,
    };
  },
});

export const keysArea = defineArea({
  variables: z.object({
    ...encryptionKeysArea.variables.shape,
    JWT_PRIVATE_KEY: ZJwtPrivateKey,
  }),
  sandboxSecrets: [...encryptionKeysArea.sandboxSecrets, 'JWT_PRIVATE_KEY'],
  check: (env, context) => [
    ...encryptionKeysArea.check(env, context),
    ...requiredOutsideSandbox(context, ['JWT_PRIVATE_KEY']),
  ],
  build: (env, context): TKeysConfig => ({
    ...encryptionKeysArea.build(env, context),
    jwtPrivateKey:
      env.JWT_PRIVATE_KEY ?? asConfigError(() => loadOrCreateSandboxJwtKey(context.dataDir)),
  }),
});
