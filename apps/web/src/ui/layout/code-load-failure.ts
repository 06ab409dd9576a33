/**
 * Why a screen's code did not load. The browser's error says only that the import failed; asking
 * for the file again tells a release that replaced it (the file is gone) from a connection that
 * dropped (no answer at all) or a passing failure (the file is there).
 */
export type TCodeLoadFailure = 'updated' | 'offline' | 'failed';

// A screen's code can fail to load after a new release replaced the old files, or on a bad line.
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module/i.test(error.message)
  );
}

/** The module's address, as the browsers name it in the error message. */
export function failedModuleUrl(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /((?:https?:\/\/[^\s'"]+)?\/[^\s'"]+\.m?js)\b/.exec(error.message);
  return match?.[1] ?? null;
}

export async function diagnoseCodeLoadFailure(error: unknown): Promise<TCodeLoadFailure> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  const url = failedModuleUrl(error);
  if (url === null) return 'failed';
  let response: Response;
  try {
    response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
  } catch {
    return 'offline';
  }
  if (response.status === 404 || response.status === 410) return 'updated';
  // A file that is gone may be answered with the app's own page rather than a 404.
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !/javascript/i.test(type)) return 'updated';
  return 'failed';
}
