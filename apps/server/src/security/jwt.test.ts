import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_ISSUER,
  accessTokenTtlSeconds,
  createJwtService,
  loadOrCreateSandboxJwtKey,
  parseJwtPrivateKey,
} from './jwt.js';

const SUBJECT = '0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
const CUSTOMER_TTL_S = accessTokenTtlSeconds('customer');
const newKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

describe('access tokens', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const service = createJwtService({ privateKey: newKey(), clock: () => now });

  it('issues an ES256 token with the pinned claims', async () => {
    const token = await service.issue({ subject: SUBJECT, audience: 'customer' });
    expect(decodeProtectedHeader(token.jwt)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodeJwt(token.jwt);
    expect(claims).toEqual({
      sub: SUBJECT,
      aud: 'pledge:customer',
      iss: ACCESS_TOKEN_ISSUER,
      jti: token.jti,
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + CUSTOMER_TTL_S,
    });
    // A token lives as long as its session may: the absolute limit (the session row ends it sooner).
    expect(CUSTOMER_TTL_S).toBe(12 * 60 * 60);
    expect(accessTokenTtlSeconds('agent')).toBe(8 * 60 * 60);
    expect(token.expiresAt.getTime()).toBe(now.getTime() + CUSTOMER_TTL_S * 1000);
  });

  it('verifies a token for its own audience only', async () => {
    const token = await service.issue({ subject: SUBJECT, audience: 'agent' });
    expect(await service.verify(token.jwt, 'agent')).toEqual({
      subject: SUBJECT,
      audience: 'agent',
      jti: token.jti,
      expiresAt: token.expiresAt,
    });
    expect(await service.verify(token.jwt, 'customer')).toBeNull();
  });

  it('refuses an expired token, a token of another key and a tampered one', async () => {
    const token = await service.issue({ subject: SUBJECT, audience: 'customer' });
    const later = createJwtService({
      privateKey: newKey(),
      clock: () => new Date(now.getTime() + (CUSTOMER_TTL_S + 10) * 1000),
    });
    expect(await later.verify(token.jwt, 'customer')).toBeNull();
    const [header, payload, signature] = token.jwt.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(token.jwt), sub: 'someone-else' }),
    ).toString('base64url');
    expect(await service.verify(`${header}.${forgedPayload}.${signature}`, 'customer')).toBeNull();
    expect(await service.verify('', 'customer')).toBeNull();
    expect(await service.verify('x'.repeat(5000), 'customer')).toBeNull();
    // An unsigned token ("alg": "none") is never accepted.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await service.verify(none, 'customer')).toBeNull();
  });

  it('refuses a token that expired on the same key', async () => {
    let at = now;
    const clocked = createJwtService({ privateKey: newKey(), clock: () => at });
    const token = await clocked.issue({ subject: SUBJECT, audience: 'customer' });
    at = new Date(now.getTime() + (CUSTOMER_TTL_S + 10) * 1000);
    expect(await clocked.verify(token.jwt, 'customer')).toBeNull();
  });
});

describe('a token verified before', () => {
  it('is still checked for its audience and expiry on every call', async () => {
    const now = new Date('2025-03-01T12:00:00Z');
    let at = now;
    const service = createJwtService({ privateKey: newKey(), clock: () => at });
    const token = await service.issue({ subject: SUBJECT, audience: 'customer' });
    expect(await service.verify(token.jwt, 'customer')).not.toBeNull();
    expect(await service.verify(token.jwt, 'customer')).not.toBeNull();
    expect(await service.verify(token.jwt, 'agent')).toBeNull();
    at = new Date(now.getTime() + (CUSTOMER_TTL_S + 10) * 1000);
    expect(await service.verify(token.jwt, 'customer')).toBeNull();
    // Another key never accepts it, whatever this one found.
    const other = createJwtService({ privateKey: newKey(), clock: () => now });
    expect(await other.verify(token.jwt, 'customer')).toBeNull();
  });
});

describe('access token checks', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const nowS = now.getTime() / 1000;
  const privateKey = newKey();
  const service = createJwtService({ privateKey, clock: () => now });
  const claims = {
    sub: SUBJECT,
    aud: 'pledge:customer',
    iss: ACCESS_TOKEN_ISSUER,
    jti: '5f0e8c2a-1b3d-4c5e-9f7a-8b9c0d1e2f3a',
    iat: nowS,
    exp: nowS + 60,
  };
  const signed = (
    payload: Record<string, unknown>,
    header: Record<string, unknown> = {},
    key = privateKey,
  ): Promise<string> =>
    new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', ...header })
      .sign(key);

  it('accepts our claims, also with the audience in a list and a past nbf', async () => {
    expect(await service.verify(await signed(claims), 'customer')).toMatchObject({
      subject: SUBJECT,
      jti: claims.jti,
    });
    expect(
      await service.verify(await signed({ ...claims, aud: ['x', 'pledge:customer'] }), 'customer'),
    ).not.toBeNull();
    expect(await service.verify(await signed({ ...claims, nbf: nowS }), 'customer')).not.toBeNull();
  });

  it.each([
    ['another issuer', { iss: 'urn:someone' }],
    ['another audience', { aud: ['pledge:agent'] }],
    ['no subject', { sub: undefined }],
    ['no token id', { jti: undefined }],
    ['no issue time', { iat: undefined }],
    ['no expiry', { exp: undefined }],
    ['an expiry as text', { exp: String(nowS + 60) }],
    ['an expiry past the clock tolerance', { exp: nowS - 6 }],
    ['a not-before beyond the clock tolerance', { nbf: nowS + 6 }],
  ])('refuses %s', async (_label, change) => {
    expect(await service.verify(await signed({ ...claims, ...change }), 'customer')).toBeNull();
  });

  it('refuses a critical header extension, a malformed token and a signature of another form', async () => {
    const token = await signed(claims);
    const [header = '', payload = '', signature = ''] = token.split('.');
    // Signed by hand: jose refuses to sign an extension it does not know.
    const critical = Buffer.from('{"alg":"ES256","crit":["x"],"x":1}').toString('base64url');
    const criticalSignature = sign('sha256', Buffer.from(`${critical}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url');
    expect(
      await service.verify(`${critical}.${payload}.${criticalSignature}`, 'customer'),
    ).toBeNull();
    // The same hand signing is accepted without the extension.
    const plain = Buffer.from('{"alg":"ES256"}').toString('base64url');
    const plainSignature = sign('sha256', Buffer.from(`${plain}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url');
    expect(
      await service.verify(`${plain}.${payload}.${plainSignature}`, 'customer'),
    ).not.toBeNull();
    expect(await service.verify(`${token}.${signature}`, 'customer')).toBeNull();
    expect(await service.verify(`${header}.${payload}`, 'customer')).toBeNull();
    expect(await service.verify(`${header}.${payload}.${signature}A`, 'customer')).toBeNull();
    expect(
      await service.verify(`${header}.${payload}.${signature.slice(4)}`, 'customer'),
    ).toBeNull();
    expect(await service.verify(`${header}.${payload}.${'A'.repeat(86)}`, 'customer')).toBeNull();
    expect(await service.verify(`${header}=.${payload}.${signature}`, 'customer')).toBeNull();
    const array = Buffer.from('[1]').toString('base64url');
    expect(await service.verify(`${header}.${array}.${signature}`, 'customer')).toBeNull();
    const hs256 = Buffer.from('{"alg":"HS256"}').toString('base64url');
    expect(await service.verify(`${hs256}.${payload}.${signature}`, 'customer')).toBeNull();
  });
});

describe('signing keys', () => {
  it('reads a P-256 PKCS8 PEM, also with escaped line breaks', () => {
    const pem = newKey().export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(parseJwtPrivateKey(pem)).not.toBeNull();
    expect(parseJwtPrivateKey(pem.replace(/\n/g, '\\n'))).not.toBeNull();
  });

  it.each([
    ['garbage', 'not a key'],
    [
      'an RSA key',
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ],
    [
      'a P-384 key',
      generateKeyPairSync('ec', { namedCurve: 'P-384' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ],
  ])('refuses %s', (_name, pem) => {
    expect(parseJwtPrivateKey(pem)).toBeNull();
  });

  it('creates the sandbox key once, private to its owner', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pledge-jwt-'));
    try {
      const first = loadOrCreateSandboxJwtKey(dataDir);
      const file = path.join(dataDir, 'keys', 'jwt-private-key.pem');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = loadOrCreateSandboxJwtKey(dataDir);
      expect(second.export({ type: 'pkcs8', format: 'pem' })).toEqual(
        first.export({ type: 'pkcs8', format: 'pem' }),
      );
      expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
