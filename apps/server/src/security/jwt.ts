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
import { SignJWT, calculateJwkThumbprint, compactVerify, exportJWK } from 'jose';
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

/**
 * The access token's claims when they are ours for the audience at `nowS` (seconds), or null: as
 * jwtVerify with `issuer`, `audience`, `requiredClaims` sub, jti, iat and exp, and the clock
 * tolerance checks them (a present `nbf` must have come, `exp` not have passed).
 */
function acceptedClaims(
  payload: Readonly<Record<string, unknown>>,
  audience: TSignInAudience,
  nowS: number,
): { sub: string; jti: string; exp: number } | null {
  const { iss, aud, sub, jti, iat, exp, nbf } = payload;
  if (iss !== ACCESS_TOKEN_ISSUER) return null;
  const expected = audienceClaim(audience);
  const audiences: unknown[] = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(expected)) return null;
  if (typeof sub !== 'string' || typeof jti !== 'string') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowS + CLOCK_TOLERANCE_S)) {
    return null;
  }
  if (exp <= nowS - CLOCK_TOLERANCE_S) return null;
  return { sub, jti, exp };
}

/**
 * Tokens jose verified (the ES256 signature and the protected header), with their payload,
 * kept per service (per key). Whether a string is signed by a key is a pure function of the two,
 * so a token found signed stays signed: keeping that answer lets a session's every request skip
 * the ECDSA check (the dearest part of authenticating it) without keeping anything another
 * instance could contradict. Only that is kept: issuer, audience and expiry are checked on every
 * call, and the session row (sign-out, idle timeout) on every request
 * (services/identity/verify-access-token.ts). Refused strings are not kept, so that strings sent at
 * random cannot push good tokens out; the oldest entry is dropped beyond SIGNED_TOKENS_KEPT (about
 * 2 MB of tokens at most).
 */
const SIGNED_TOKENS_KEPT = 4096;

export function createJwtService(options: { privateKey: KeyObject; clock?: TClock }): TJwtService {
  const { privateKey } = options;
  const clock = options.clock ?? (() => new Date());
  const publicKey = createPublicKey(privateKey);
  const signedTokens = new Map<string, Readonly<Record<string, unknown>>>();
  const signedPayload = async (jwt: string): Promise<Readonly<Record<string, unknown>>> => {
    const known = signedTokens.get(jwt);
    if (known !== undefined) return known;
    // The signature and its protected header, by jose; the claims are acceptedClaims' at each call.
    const { payload: bytes } = await compactVerify(jwt, publicKey, {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
    });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('The token is not a JSON object');
    }
    const payload = Object.freeze({ ...(parsed as Record<string, unknown>) });
    signedTokens.set(jwt, payload);
    if (signedTokens.size > SIGNED_TOKENS_KEPT) {
      const oldest = signedTokens.keys().next().value;
      if (oldest !== undefined) signedTokens.delete(oldest);
    }
    return payload;
  };
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
      let payload;
      try {
        payload = await signedPayload(jwt);
      } catch {
        return null;
      }
      // The epoch as the current time: no token has expired by then; the caller compares.
      const nowS = options.expiry === 'caller' ? 0 : Math.floor(clock().getTime() / 1000);
      const claims = acceptedClaims(payload, audience, nowS);
      if (claims === null) return null;
      return {
        subject: claims.sub,
        audience,
        jti: claims.jti,
        expiresAt: new Date(claims.exp * 1000),
      };
    },
  };
}
