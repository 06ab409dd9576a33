import { sql } from 'drizzle-orm';
import { sessionIdleTimeoutMs } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import type { TAudience, TPrincipal } from '../../http/auth.js';
import type { TClock, TJwtService } from '../../security/jwt.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session's last use is written at most this often, so that a page's burst of calls costs one
 * write, not one each. The idle timeout therefore counts from up to this long before the last use.
 */
export const SESSION_LAST_SEEN_PRECISION_MS = 60_000;

/**
 * The principal of a token for an audience: signature, issuer, audience and expiry checked, then,
 * in one statement, that its session is open (not signed out, used within the idle timeout, before
 * the absolute limit), that its identity exists and, for agents, that the address is still an active
 * agent; the same statement renews the session (its last use is now) or ends it when it timed out.
 *
 * Every request is checked against the database, with no per-process cache of tokens found good:
 * such a cache (there was one, for 5 s) let a token signed out on one instance keep working on
 * another until its entry ran out, and the session check is one indexed statement anyway.
 */
export async function verifyAccessToken(
  deps: { db: TDb; jwt: TJwtService; clock: TClock },
  token: string,
  audience: TAudience,
): Promise<TPrincipal | null> {
  // A 'bearer' route is a customer's; an agent's token is not accepted there, nor the reverse.
  const signInAudience = audience === 'agent' ? 'agent' : 'customer';
  const claims = await deps.jwt.verify(token, signInAudience);
  if (claims === null || !UUID_PATTERN.test(claims.subject) || !UUID_PATTERN.test(claims.jti)) {
    return null;
  }
  const now = deps.clock();
  const idleSince = new Date(now.getTime() - sessionIdleTimeoutMs(signInAudience));
  const renewBefore = new Date(now.getTime() - SESSION_LAST_SEEN_PRECISION_MS);
  const stillAgent =
    signInAudience === 'agent'
      ? sql`AND EXISTS (SELECT 1 FROM agents a WHERE a.email = i.email AND a.is_active)`
      : sql``;
  // A data-modifying WITH runs whether or not its rows are read; `live` is the session as it was.
  // A session found timed out is ended for good, so a clock set back (the sandbox's reset, or an
  // instance a little behind) never opens it again.
  const result = await deps.db.execute<{ identity_uuid: string; expires_at: Date }>(sql`
    WITH live AS (
      SELECT s.jti, s.identity_uuid, s.last_seen_at, s.expires_at
      FROM sessions s JOIN identities i ON i.uuid = s.identity_uuid
      WHERE s.jti = ${claims.jti} AND s.identity_uuid = ${claims.subject}
        AND s.audience = ${signInAudience} AND s.ended_at IS NULL
        AND s.expires_at > ${now} AND s.last_seen_at > ${idleSince}
        ${stillAgent}
    ), renewed AS (
      UPDATE sessions SET last_seen_at = ${now} FROM live
      WHERE sessions.jti = live.jti AND live.last_seen_at < ${renewBefore}
      RETURNING sessions.jti
    ), timed_out AS (
      UPDATE sessions SET ended_at = ${now}
      WHERE jti = ${claims.jti} AND ended_at IS NULL
        AND (expires_at <= ${now} OR last_seen_at <= ${idleSince})
      RETURNING jti
    )
    SELECT identity_uuid, expires_at FROM live`);
  const [row] = result.rows;
  if (row === undefined) return null;
  return {
    identityUuid: row.identity_uuid,
    audience,
    token: { id: claims.jti, expiresAt: new Date(row.expires_at) },
  };
}
