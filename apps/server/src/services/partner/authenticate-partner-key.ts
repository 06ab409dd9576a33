/**
 * Who calls the partner API: `Authorization: Bearer pk_<id>.<secret>`, the key found by its public
 * id and the secret compared by digest in constant time; a revoked key, or a rotated one past its
 * overlap, is refused; the endpoint's scope must be among the key's; every call is counted against
 * the key's budget. One answer (401) for every kind of bad key, so nothing tells which part failed.
 */
import { PARTNER_API_CALLS_PER_MINUTE, type TPartnerApiScope } from '@pledge/domain';
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { partnerApiKeys } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import type { TRateLimiter } from '../../security/rate-limit.js';
import { partnerKeyDigest } from './partner-controls.js';

export interface TPartnerCaller {
  brand: string;
  keyId: string;
}

const KEY_PATTERN = /^Bearer (pk_[A-Za-z0-9_-]{8,40})\.([A-Za-z0-9_-]{20,100})$/;

const unauthenticated = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'A valid partner API key is required.');

export async function authenticatePartnerKey(
  deps: { db: TDb; clock: TClock; limiter: TRateLimiter },
  input: { authorization: string | undefined; scope: TPartnerApiScope },
): Promise<TPartnerCaller> {
  const match = KEY_PATTERN.exec(input.authorization ?? '');
  if (match === null) throw unauthenticated();
  const [, keyId = '', secret = ''] = match;
  const [key] = await deps.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.keyId, keyId));
  if (key === undefined) throw unauthenticated();
  const given = Buffer.from(partnerKeyDigest(secret), 'hex');
  const kept = Buffer.from(key.secretHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw unauthenticated();
  const now = deps.clock();
  if (key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt <= now)) {
    throw unauthenticated();
  }
  if (!key.scopes.includes(input.scope)) {
    throw new HttpError(403, 'SCOPE_MISSING', `This key does not have the scope ${input.scope}.`);
  }
  await deps.limiter.consume([
    {
      rule: { name: 'partner-api:key', max: PARTNER_API_CALLS_PER_MINUTE, windowMs: 60_000 },
      subject: key.keyId,
    },
  ]);
  await deps.db
    .update(partnerApiKeys)
    .set({ lastUsedAt: now })
    .where(eq(partnerApiKeys.id, key.id));
  return { brand: key.brand, keyId: key.keyId };
}
