/**
 * The screen a page URL shows is a lazily loaded chunk: the browser would fetch it only once the
 * app's entry has run. Naming it (and what it imports) in <link rel="modulepreload"> lets the
 * browser fetch it alongside the entry, one round trip sooner.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BASE_PATH } from '@pledge/domain';

/** The part of Vite's build manifest this reads. */
export type TBuildManifest = Record<
  string,
  {
    file: string;
    name?: string;
    imports?: string[];
    isEntry?: boolean;
    dynamicImports?: string[];
  }
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Application pages that share one screen: the outcomes of the credit check. */
const CREDIT_OUTCOME_PAGES = new Set([
  'credit-frozen',
  'credit-locked',
  'credit-no-match',
  'decline',
]);

/** Console pages of one record, under /ops/<list>/<id>: the list's screen name, singular. */
const OPS_RECORD_SCREENS: Readonly<Record<string, string>> = {
  applications: 'ops-application',
  loans: 'ops-loan',
  brands: 'ops-brand',
};

/** Screens directly under the app's base path. */
const TOP_LEVEL_SCREENS = new Set([
  'start',
  'residency',
  'faq',
  'get-mobile-app',
  'plaid-oauth-success',
  'celsius-refi',
]);

/**
 * The screen folder (apps/web/src/routes/<name>) a page path shows, or null when the path only
 * redirects or is not a page. The names follow the web app's route table; an unknown name simply
 * matches no chunk.
 */
export function screenForPath(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  switch (clean) {
    case '/dashboard':
      return 'dashboard';
    case '/privacy':
      return 'privacy';
    case '/auth/login':
      return 'auth-login';
    case '/ops':
      return 'ops';
    default:
      break;
  }
  const ops = /^\/ops\/([a-z-]+)(?:\/([^/]+))?$/.exec(clean);
  if (ops !== null) {
    const [, list = '', id] = ops;
    return id === undefined ? `ops-${list}` : (OPS_RECORD_SCREENS[list] ?? null);
  }
  if (!clean.startsWith(`${BASE_PATH}/`)) return null;
  const segments = clean.slice(BASE_PATH.length + 1).split('/');
  const [first = '', ...rest] = segments;
  if (first === 'celsius-refi') {
    if (rest.length === 0) return 'celsius-refi';
    if (rest.length === 1 && rest[0] === 'complete') return 'celsius-refi-complete';
    if (rest.length === 3) return `celsius-refi-${rest[2]}`;
    return null;
  }
  if (UUID.test(first)) {
    if (rest.length === 0) return 'application-entry';
    const page = rest.join('-');
    return CREDIT_OUTCOME_PAGES.has(page) ? 'credit-outcome' : page;
  }
  if (first === 'loans') return rest.length === 1 ? 'loan' : null;
  // A public collateral proof: the link's token is the one segment after it.
  if (first === 'collateral-proof') return rest.length === 1 ? 'collateral-proof' : null;
  return segments.length === 1 && TOP_LEVEL_SCREENS.has(first) ? first : null;
}

/**
 * What every page of one application (/{appUuid}/…) renders around its screen, loaded lazily as a
 * screen is (apps/web/src/app/router.tsx): the application's own read and the rules of all its
 * pages.
 */
const APPLICATION_LAYOUT = 'src/features/application/components/application-access.tsx';

/** Whether a page path is one of an application's pages (its entry included). */
function isApplicationPath(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '');
  if (!clean.startsWith(`${BASE_PATH}/`)) return false;
  const [first = ''] = clean.slice(BASE_PATH.length + 1).split('/');
  return UUID.test(first);
}

function staticClosure(manifest: TBuildManifest, key: string, files = new Set<string>()) {
  const chunk = manifest[key];
  if (chunk === undefined || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * The chunk the web app's build names `startup` (apps/web/screen-chunks.ts): what its shell loads
 * lazily on every page as soon as it runs (the API client, the session check, telemetry, banners,
 * toasts). Kept out of the entry so that the offer page paints first, it would otherwise cost a
 * signed-in page one more round trip before its data is even asked for.
 */
export const STARTUP_CHUNK = 'startup';

/**
 * The files to preload for a page path: the screen's chunk and its static imports (and, for an
 * application's page, the layout around it), then what the shell loads as it starts, less what the
 * entry loads anyway (index.html names those already).
 */
export function routePreloads(manifest: TBuildManifest, pathname: string): string[] {
  const screen = screenForPath(pathname);
  if (screen === null) return [];
  const key = `src/routes/${screen}/${screen}-page.tsx`;
  if (manifest[key] === undefined) return [];
  const entryKey = Object.keys(manifest).find((name) => manifest[name]?.isEntry === true);
  const loaded = entryKey === undefined ? new Set<string>() : staticClosure(manifest, entryKey);
  const files = staticClosure(manifest, key);
  if (isApplicationPath(pathname)) staticClosure(manifest, APPLICATION_LAYOUT, files);
  for (const [name, chunk] of Object.entries(manifest)) {
    if (chunk.name === STARTUP_CHUNK) staticClosure(manifest, name, files);
  }
  return [...files].filter((file) => !loaded.has(file));
}

/** The <link> tags for those files, to go at the end of <head>. */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}">`)
    .join('');
}

/** Reads the build manifest, again only when it changed on disk; null without a build. */
export function buildManifestSource(webDist: string): () => Promise<TBuildManifest | null> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: TBuildManifest } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as TBuildManifest };
      }
      return cached.manifest;
    } catch {
      cached = undefined;
      return null;
    }
  };
}
