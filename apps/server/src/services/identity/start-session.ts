import type { TSignInAudience } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { sessions } from '../../db/schema/index.js';
import type { TClock, TIssuedToken, TJwtService } from '../../security/jwt.js';
import { deviceLabelOf } from './device-label.js';
import { pruneExpired } from './prune-expired.js';

/**
 * Starts a session for a signed-in identity: an access token and its session row (keyed by the
 * token's `jti`), last seen now and ending at the token's expiry, the absolute limit. A batch of
 * sessions past their absolute limit is removed on the way.
 */
export async function startSession(
  deps: { db: TDb; jwt: TJwtService; clock: TClock },
  input: { identityUuid: string; audience: TSignInAudience; userAgent?: string | undefined },
): Promise<TIssuedToken> {
  const { db, jwt, clock } = deps;
  const token = await jwt.issue({ subject: input.identityUuid, audience: input.audience });
  const now = clock();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      jti: token.jti,
      identityUuid: input.identityUuid,
      audience: input.audience,
      startedAt: now,
      lastSeenAt: now,
      expiresAt: token.expiresAt,
      deviceLabel: deviceLabelOf(input.userAgent),
    });
    await pruneExpired(
      tx,
      { table: sessions, key: sessions.jti, expiresAt: sessions.expiresAt },
      now,
    );
  });
  return token;
}
