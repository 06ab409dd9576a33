// Storage can throw (private mode, disabled cookies); callers then treat it as empty.
function reach(pick: (w: Window) => Storage): Storage | null {
  try {
    return pick(window);
  } catch {
    return null;
  }
}

/** This browser's localStorage, kept across visits; null where the browser refuses it. */
export function localStore(): Storage | null {
  return reach((w) => w.localStorage);
}

/** This tab's sessionStorage, kept for the visit; null where the browser refuses it. */
export function sessionStore(): Storage | null {
  return reach((w) => w.sessionStorage);
}
