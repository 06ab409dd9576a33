import { makePostLogout } from '@pledge/contract';
import type { TSignInAudience } from '@pledge/domain';
import { apiRequest } from '../../api/client.js';
import { clearToken, getToken } from '../../api/token.js';
import type { TIdentitySource } from './api/look-up-identity.js';
import { browserNavigation } from './browser-navigation.js';
import { loginPageHref } from './sign-in-paths.js';
import { readTokenAudience } from './session-storage.js';
import { setSigningOut } from './sign-out-state.js';

const brokerLogout = {
  customer: makePostLogout('customer'),
  agent: makePostLogout('agent'),
} as const;

/**
 * Signs out (document 2 §4): the stored jwt is removed, then the broker is asked to sign the
 * token out and answers where to go; when that fails, or the session did not come from the broker,
 * the browser goes to the sign-in page. The token goes along explicitly, since it is no longer
 * stored.
 */
export async function signOut(source: TIdentitySource | null): Promise<void> {
  const token = getToken();
  const audience: TSignInAudience = readTokenAudience();
  const fallback = loginPageHref({ audience });
  setSigningOut(true);
  clearToken();
  if (token === null || source !== 'broker') {
    browserNavigation.assign(fallback);
    return;
  }
  try {
    const { redirectUrl } = await apiRequest(brokerLogout[audience], {
      headers: { Authorization: `Bearer ${token}` },
    });
    // The contract admits only a path of this site here.
    browserNavigation.assign(redirectUrl);
  } catch {
    browserNavigation.assign(fallback);
  }
}
