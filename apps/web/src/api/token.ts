/** Where the signed-in borrower's (or agent's) jwt is kept between page loads. */
export const TOKEN_STORAGE_KEY = 'pledge.jwt';

// Storage can throw (private mode, disabled cookies); a missing token then simply means signed out.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function notifyTokenChange(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(jwt: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, jwt);
  notifyTokenChange();
}

export function clearToken(): void {
  if (getToken() === null) return;
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  notifyTokenChange();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out: this tab follows.
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) notifyTokenChange();
}

/**
 * Calls `listener` whenever the stored token changes, in this tab (sign-in, sign-out, a token the
 * server refused) or in another one. Answers the unsubscribe function.
 */
export function subscribeToken(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}
