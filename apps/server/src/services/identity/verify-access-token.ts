import { and, eq, exists, lt, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { agents, identities, tokenRevocations } from '../../db/schema/index.js';
import type { TAudience, TPrincipal } from '../../http/auth.js';
import type { TJwtService } from '../../security/jwt.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The principal of a token for an audience: signature, issuer, audience and expiry checked, then,
 * in one query, that it was not signed out, that its identity exists and, for agents, that the
 * address is still an active agent.
 */
export async function verifyAccessToken(
  deps: { db: TDb; jwt: TJwtService },
  token: string,
  audience: TAudience,
): Promise<TPrincipal | null> {
  // A 'bearer' route is a customer's; an agent's token is not accepted there, nor the reverse.
  const claims = await deps.jwt.verify(token, audience === 'agent' ? 'agent' : 'customer');
  if (claims === null || !UUID_PATTERN.test(claims.subject) || !UUID_PATTERN.test(claims.jti)) {
    return null;
  }
  const { db } = deps;
  const notRevoked = notExists(
    db
      .select({ one: sql`1` })
      .from(tokenRevocations)
      .where(eq(tokenRevocations.jti, claims.jti)),
  );
  const stillAgent = exists(
    db
      .select({ one: sql`1` })
      .from(agents)
      .where(and(eq(agents.email, identities.email), eq(agents.isActive, true))),
  );
  const [row] = await db
    .select({ uuid: identities.uuid })
    .from(identities)
    .where(
      and(
        eq(identities.uuid, claims.subject),
        notRevoked,
        audience === 'agent' ? stillAgent : undefined,
      ),
    )
    .limit(1);
  if (row === undefined) return null;
  return {
    identityUuid: row.uuid,
    audience,
    token: { id: claims.jti, expiresAt: claims.expiresAt },
  };
}

/** Revocations are kept only while the token could still be presented. */
export function expiredRevocations(now: Date) {
  return lt(tokenRevocations.expiresAt, now);
}
