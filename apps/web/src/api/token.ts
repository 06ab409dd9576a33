import { localStore } from './web-storage.js';

/** Where the signed-in borrower's (or agent's) jwt is kept between page loads. */
export const TOKEN_STORAGE_KEY = 'pledge.jwt';

const listeners = new Set<() => void>();

function notifyTokenChange(): void {
  for (const listener of listeners) listener();
}

// Where storage is refused (private mode, disabled cookies), a missing token means signed out.
export function getToken(): string | null {
  return localStore()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(jwt: string): void {
  localStore()?.setItem(TOKEN_STORAGE_KEY, jwt);
  notifyTokenChange();
}

export function clearToken(): void {
  if (getToken() === null) return;
  localStore()?.removeItem(TOKEN_STORAGE_KEY);
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
