import { useSyncExternalStore } from 'react';

/**
 * Whether this tab is signing out. The token is gone before the broker has answered; meanwhile
 * the pages must not take the now signed-out visitor to sign in.
 */
let isSigningOut = false;
const listeners = new Set<() => void>();

export function setSigningOut(value: boolean): void {
  isSigningOut = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function read(): boolean {
  return isSigningOut;
}

export function useIsSigningOut(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
