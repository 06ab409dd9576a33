/**
 * The open sessions of an identity as its owner sees them: named by a keyed digest of their token
 * id (no token material leaves the server), open meaning not signed out, before the absolute limit
 * and used within the idle timeout of its audience.
 */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { IDENTITY_SESSIONS_MAX } from '@pledge/contract';
import { sessionIdleTimeoutMs } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { sessions } from '../../db/schema/index.js';
import type { TFieldCipher } from '../../security/field-encryption.js';

export function sessionIdOf(cipher: Pick<TFieldCipher, 'blindIndex'>, jti: string): string {
  return cipher.blindIndex(jti, 'session-id');
}

export async function openSessionsOf(db: TDb, input: { identityUuid: string; at: Date }) {
  const { identityUuid, at } = input;
  const idleSince = (audience: 'customer' | 'agent') =>
    new Date(at.getTime() - sessionIdleTimeoutMs(audience));
  return db
    .select({
      jti: sessions.jti,
      startedAt: sessions.startedAt,
      lastSeenAt: sessions.lastSeenAt,
      deviceLabel: sessions.deviceLabel,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.identityUuid, identityUuid),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, at),
        or(
          and(eq(sessions.audience, 'customer'), gt(sessions.lastSeenAt, idleSince('customer'))),
          and(eq(sessions.audience, 'agent'), gt(sessions.lastSeenAt, idleSince('agent'))),
        ),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), sql`${sessions.jti}`)
    .limit(IDENTITY_SESSIONS_MAX);
}
