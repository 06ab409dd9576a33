/**
 * The state-query redirect of document 1 §2: "a state query parameter held in local storage can
 * redirect the user to a saved path".
 *
 * Before the app sends the borrower to a flow that comes back with an opaque `state` query
 * parameter (a sign-in page, a bank's OAuth page), it saves the path to return to under a fresh
 * state value (`saveStatePath`). When any page of the app is then opened with `?state=<value>`:
 * - the value must look like one the app made (STATE_VALUE_PATTERN: 16 to 128 letters, digits,
 *   '-' or '_'), so the residence query of the offer page (`?state=OH`) is never taken for one;
 * - the saved path is read from local storage under STATE_PATH_KEY_PREFIX + value and removed, so
 *   it is followed at most once;
 * - it is followed only when it is a path of this site (a slash and a lowercase letter, as for
 *   sign-in return paths; never `//host` or a full URL) and differs from the page already shown;
 * - the redirect replaces the address it leaves, like every redirect of the app.
 */
import { isLoginRedirectAllowed } from '@pledge/domain';
import { localStore } from '../../api/web-storage.js';

export const STATE_PATH_KEY_PREFIX = 'pledge.state-path.';

const STATE_VALUE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The local-storage key a page's `state` query parameter names, or null when it names none. */
export function stateQueryKey(search: string): string | null {
  const value = new URLSearchParams(search).get('state');
  return value !== null && STATE_VALUE_PATTERN.test(value)
    ? `${STATE_PATH_KEY_PREFIX}${value}`
    : null;
}

/** Where to go for a saved path, or null to stay on the current page (path plus query). */
export function stateQueryRedirect(input: {
  savedPath: string | null;
  currentPath: string;
}): string | null {
  const { savedPath, currentPath } = input;
  if (!isLoginRedirectAllowed(savedPath)) return null;
  return savedPath === currentPath ? null : savedPath;
}

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Saves a path to return to and answers the state value to send along; null if it cannot. */
export function saveStatePath(
  path: string,
  storage: TStorage | null = localStore(),
): string | null {
  if (storage === null || !isLoginRedirectAllowed(path)) return null;
  const value = crypto.randomUUID();
  try {
    storage.setItem(`${STATE_PATH_KEY_PREFIX}${value}`, path);
    return value;
  } catch {
    return null;
  }
}

/** The path saved under a key, if any. */
export function readStatePath(key: string, storage: TStorage | null = localStore()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Forgets the path saved under a key: a saved path is followed at most once. */
export function forgetStatePath(key: string, storage: TStorage | null = localStore()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing was saved where storage cannot be reached.
  }
}
