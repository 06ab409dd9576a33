import type { TDb } from '../../db/pool.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock, TJwtService } from '../../security/jwt.js';
import type { TRateLimiter } from '../../security/rate-limit.js';

/** What the sign-in use cases need; built once by the app. */
export interface TIdentityDeps {
  db: TDb;
  cipher: TFieldCipher;
  jwt: TJwtService;
  limiter: TRateLimiter;
  clock: TClock;
  sandbox: boolean;
}

/** Where a sign-in request comes from: its brand and its client address. */
export interface TRequestOrigin {
  orgCode: string;
  ip: string;
  /** The request's User-Agent header, read only to name the device of a new session. */
  userAgent?: string | undefined;
}
