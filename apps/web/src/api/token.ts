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

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(jwt: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, jwt);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}
