import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TIdentityDeps } from './deps.js';
import { openSessionsOf, sessionIdOf } from './sessions-of-identity.js';

export const SESSION_NOT_FOUND = 'That session has already ended, or is not one of yours.';

/**
 * Signs out one of the caller's sessions: its row ends, so every instance refuses its token from
 * the next request on. Only the caller's own open sessions are found (404 otherwise), so no id
 * tells anything about anyone else's.
 */
export async function endSession(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'clock'>,
  input: { identityUuid: string; sessionId: string },
): Promise<void> {
  const now = deps.clock();
  const open = await openSessionsOf(deps.db, { identityUuid: input.identityUuid, at: now });
  const target = open.find((row) => sessionIdOf(deps.cipher, row.jti) === input.sessionId);
  const ended =
    target === undefined
      ? []
      : await deps.db
          .update(sessions)
          .set({ endedAt: now })
          .where(
            and(
              eq(sessions.jti, target.jti),
              eq(sessions.identityUuid, input.identityUuid),
              isNull(sessions.endedAt),
            ),
          )
          .returning({ jti: sessions.jti });
  if (ended.length === 0) throw new HttpError(404, 'NOT_FOUND', SESSION_NOT_FOUND);
}
