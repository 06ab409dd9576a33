import { and, eq, isNull } from 'drizzle-orm';
import type { TPostLogoutResponse } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { sessions } from '../../db/schema/index.js';
import type { TPrincipal } from '../../http/auth.js';
import type { TIdentityDeps } from './deps.js';
import { hostedSignInPath } from './sign-in-paths.js';

/**
 * Signs out: the presented token's session ends, so every instance refuses the token from the next
 * request on (they all check the session row), and the answer is where the browser goes next (the
 * sign-in page).
 */
export async function logOut(
  deps: Pick<TIdentityDeps, 'db' | 'clock'>,
  input: { audience: TSignInAudience; principal: TPrincipal },
): Promise<TPostLogoutResponse> {
  const { token } = input.principal;
  if (token !== undefined) {
    await deps.db
      .update(sessions)
      .set({ endedAt: deps.clock() })
      .where(and(eq(sessions.jti, token.id), isNull(sessions.endedAt)));
  }
  return { redirectUrl: hostedSignInPath(input.audience) };
}
