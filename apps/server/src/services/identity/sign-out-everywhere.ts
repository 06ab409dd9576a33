import type { TPostIdentitySessionsEndResponse } from '@pledge/contract';
import type { TIdentityDeps } from './deps.js';
import { endIdentitySessions } from './end-sessions.js';
import { hostedSignInPath } from './sign-in-paths.js';

/**
 * Signs the caller out everywhere: every session of the person, on every device and audience and
 * the caller's own too, ends in one statement; every instance checks a token against its session
 * row on every request, so all of them are refused from the next request on.
 */
export async function signOutEverywhere(
  deps: Pick<TIdentityDeps, 'db' | 'clock'>,
  input: { identityUuid: string },
): Promise<TPostIdentitySessionsEndResponse> {
  await endIdentitySessions(deps.db, { identityUuid: input.identityUuid, at: deps.clock() });
  return { redirectUrl: hostedSignInPath('customer') };
}
