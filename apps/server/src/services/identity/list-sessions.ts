import type { TGetIdentitySessionsResponse } from '@pledge/contract';
import type { TIdentityDeps } from './deps.js';
import { UNKNOWN_DEVICE_LABEL } from './device-label.js';
import { openSessionsOf, sessionIdOf } from './sessions-of-identity.js';

/** The caller's open sessions, most recently used first, with the caller's own marked. */
export async function listSessions(
  deps: Pick<TIdentityDeps, 'db' | 'cipher' | 'clock'>,
  input: { identityUuid: string; tokenId: string | undefined },
): Promise<TGetIdentitySessionsResponse> {
  const rows = await openSessionsOf(deps.db, {
    identityUuid: input.identityUuid,
    at: deps.clock(),
  });
  return {
    sessions: rows.map((row) => ({
      sessionId: sessionIdOf(deps.cipher, row.jti),
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      deviceLabel: row.deviceLabel ?? UNKNOWN_DEVICE_LABEL,
      isCurrent: row.jti === input.tokenId,
    })),
  };
}
