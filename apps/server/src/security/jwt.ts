/**
 * Access tokens of the identity broker: ES256 JWTs (P-256), one audience each (`pledge:customer`,
 * `pledge:agent`) and a unique `jti` naming the token's session (services/identity/start-session.ts).
 * A token lives as long as its session could (the absolute limit of its audience); the session row
 * decides, on every request, whether it is still good (idle timeout, sign-out).
 * The private key comes from JWT_PRIVATE_KEY (PKCS8 PEM) or, in the sandbox, from a key generated
 * once under DATA_DIR/keys.
 */
import { randomUUID, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, calculateJwkThumbprint, exportJWK, jwtVerify } from 'jose';
import { sessionAbsoluteLimitMs, type TSignInAudience } from '@pledge/domain';

export const ACCESS_TOKEN_ALGORITHM = 'ES256';
export const ACCESS_TOKEN_ISSUER = 'urn:pledge:identity-broker';
/** Allowed disagreement between the clocks of two instances. */
const CLOCK_TOLERANCE_S = 5;
/** Longer strings are not tokens of ours; refuse before parsing. */
export const ACCESS_TOKEN_MAX_LENGTH = 2048;
const SANDBOX_KEY_FILE = 'jwt-private-key.pem';

export type TClock = () => Date;

/** How long a token of an audience lives: the absolute limit of its session. */
export function accessTokenTtlSeconds(audience: TSignInAudience): number {
  return Math.floor(sessionAbsoluteLimitMs(audience) / 1000);
}

export function audienceClaim(audience: TSignInAudience): string {
  return `pledge:${audience}`;
}

export interface TIssuedToken {
  jwt: string;
  jti: string;
  expiresAt: Date;
}

export interface TVerifiedToken {
  subject: string;
  audience: TSignInAudience;
  jti: string;
  expiresAt: Date;
}

export interface TJwtService {
  issue(input: { subject: string; audience: TSignInAudience }): Promise<TIssuedToken>;
  /**
   * The claims of a valid token of that audience, or null (bad signature, expired, other audience).
   * With `expiry: 'caller'` the expiry is left to the caller, who tells the time later (the
   * session check, which reads the sandbox clock in its own statement, compares it).
   */
  verify(
    jwt: string,
    audience: TSignInAudience,
    options?: { expiry?: 'checked' | 'caller' },
  ): Promise<TVerifiedToken | null>;
}

/** A P-256 private key from PKCS8 PEM; null when the text is not one. */
export function parseJwtPrivateKey(pem: string): KeyObject | null {
  // Process managers often carry a PEM on one line with literal "\n".
  const text = pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem;
  try {
    const key = createPrivateKey({ key: text, format: 'pem' });
    const isP256 =
      key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
    return isP256 ? key : null;
  } catch {
    return null;
  }
}

/** The sandbox signing key: generated once and kept private beside the other sandbox keys. */
export function loadOrCreateSandboxJwtKey(dataDir: string): KeyObject {
  const keysDir = path.join(dataDir, 'keys');
  const file = path.join(keysDir, SANDBOX_KEY_FILE);
  if (existsSync(file)) {
    const key = parseJwtPrivateKey(readFileSync(file, 'utf8'));
    if (key === null) {
      throw new Error(`${file} is not a P-256 private key; remove it to generate a new one`);
    }
    return key;
  }
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return privateKey;
}

export function createJwtService(options: { privateKey: KeyObject; clock?: TClock }): TJwtService {
  const { privateKey } = options;
  const clock = options.clock ?? (() => new Date());
  const publicKey = createPublicKey(privateKey);
  // The key id lets verifiers pick the right key once keys rotate.
  const keyId = exportJWK(publicKey).then((jwk) => calculateJwkThumbprint(jwk));

  return {
    async issue({ subject, audience }) {
      const issuedAtS = Math.floor(clock().getTime() / 1000);
      const expiresAtS = issuedAtS + accessTokenTtlSeconds(audience);
      const jti = randomUUID();
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT', kid: await keyId })
        .setSubject(subject)
        .setAudience(audienceClaim(audience))
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setJti(jti)
        .setIssuedAt(issuedAtS)
        .setExpirationTime(expiresAtS)
        .sign(privateKey);
      return { jwt, jti, expiresAt: new Date(expiresAtS * 1000) };
    },

    async verify(jwt, audience, options = {}) {
      if (jwt.length === 0 || jwt.length > ACCESS_TOKEN_MAX_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(jwt, publicKey, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: audienceClaim(audience),
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          // The epoch as the current date: no token has expired by then; the caller compares.
          currentDate: options.expiry === 'caller' ? new Date(0) : clock(),
          clockTolerance: CLOCK_TOLERANCE_S,
        });
        const { sub, jti, exp } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
          return null;
        }
        return { subject: sub, audience, jti, expiresAt: new Date(exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
