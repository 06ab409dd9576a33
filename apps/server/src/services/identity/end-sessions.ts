import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { sessions } from '../../db/schema/index.js';

/**
 * Ends every open session of an identity (all audiences), except the one whose token id is
 * `exceptTokenId` (the caller's own, when it stays signed in). Sessions live in the database and
 * every instance checks a token against its session on every request, so the ended tokens are
 * refused everywhere as soon as the caller's transaction commits.
 */
export async function endIdentitySessions(
  tx: TDb,
  input: { identityUuid: string; exceptTokenId?: string; at: Date },
): Promise<void> {
  await tx
    .update(sessions)
    .set({ endedAt: input.at })
    .where(
      and(
        eq(sessions.identityUuid, input.identityUuid),
        isNull(sessions.endedAt),
        input.exceptTokenId === undefined ? undefined : ne(sessions.jti, input.exceptTokenId),
      ),
    );
}
