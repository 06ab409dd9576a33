import { sql } from 'drizzle-orm';
import type { TPostLogoutResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { tokenRevocations } from '../../db/schema/index.js';
import type { TPrincipal } from '../../http/auth.js';
import type { TIdentityDeps } from './deps.js';
import { PRUNE_BATCH_ROWS } from './sign-in-limits.js';
import { hostedSignInPath } from './sign-in-paths.js';
import { expiredRevocations } from './verify-access-token.js';

/**
 * Signs out: the presented token is refused everywhere from now on (until it would have expired
 * anyway), and the answer is where the browser goes next (the sign-in page).
 */
export async function logOut(
  deps: Pick<TIdentityDeps, 'db' | 'clock' | 'verifiedTokens'>,
  input: { audience: TSignInAudience; principal: TPrincipal },
): Promise<TPostLogoutResponse> {
  const { db, clock } = deps;
  const { token } = input.principal;
  if (token !== undefined) {
    await db.transaction(async (tx) => {
      await tx
        .insert(tokenRevocations)
        .values({ jti: token.id, expiresAt: token.expiresAt, revokedAt: clock() })
        .onConflictDoNothing({ target: tokenRevocations.jti });
      await tx.execute(sql`
        DELETE FROM ${tokenRevocations} WHERE ${tokenRevocations.jti} IN (
          SELECT ${tokenRevocations.jti} FROM ${tokenRevocations}
          WHERE ${expiredRevocations(clock())} LIMIT ${PRUNE_BATCH_ROWS})`);
    });
    deps.verifiedTokens.forget(token.id);
  }
  return { redirectUrl: hostedSignInPath(input.audience) };
}
