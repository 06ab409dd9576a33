// The JS-size bars of DESIGN §7, measured on an existing build (it builds nothing): the initial JS
// of /start (gzip) and the largest route. A route's initial JS is what the browser must load before
// it renders: the entry chunk with its static imports, plus the screen's chunk with its static
// imports (its `lazy` import runs before the screen renders). Dynamic imports a screen makes later
// are not part of it.
//
//   node scripts/bundle-size.mjs [dist]          prints a table (dist: apps/web/dist by default)
//   node scripts/bundle-size.mjs [dist] --json   prints the measurement as JSON
// `npm run bench` imports measureBundleSizes() after building.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const KB = 1024;
export const BUNDLE_BUDGET_KB = { startInitialGzip: 120, perRouteGzip: 250 };

const ROUTE_MODULE = /^src\/routes\/([^/]+)\/[^/]+-page\.tsx$/;
const START_ROUTE = 'start';

function kb(bytes) {
  return Math.round((bytes / KB) * 10) / 10;
}

/** The files a manifest chunk loads up front: itself and its static imports, transitively. */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`The build manifest has no chunk "${key}"`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/** Scripts and module preloads that index.html itself references. */
function htmlScripts(html) {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
}

/** Measures the build in `dist` (default apps/web/dist); throws when there is no build. */
export function measureBundleSizes(dist = join(root, 'apps/web/dist')) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No build manifest at ${manifestPath}: run \`npm run build\` first`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry === true);
  if (entryKey === undefined) throw new Error('The build manifest has no entry chunk');

  const gzipCache = new Map();
  const gzipOf = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return gzipCache.get(file);
  };
  const total = (files) => [...files].reduce((sum, file) => sum + gzipOf(file), 0);

  const shell = staticClosure(manifest, entryKey, new Set(htmlScripts(html)));
  const routes = Object.keys(manifest)
    .map((key) => ({ key, match: ROUTE_MODULE.exec(key) }))
    .filter(({ match }) => match !== null)
    .map(({ key, match }) => {
      const files = staticClosure(manifest, key, new Set(shell));
      return { route: match[1], files: [...files], gzipKB: kb(total(files)) };
    })
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const start = routes.find((route) => route.route === START_ROUTE);
  if (start === undefined) throw new Error('The build has no start screen chunk');
  const largest = routes[0];

  return {
    shellGzipKB: kb(total(shell)),
    startInitialGzipKB: start.gzipKB,
    startFiles: start.files.map((file) => `/${file}`),
    largestRoute: { route: largest.route, gzipKB: largest.gzipKB },
    routes: Object.fromEntries(routes.map((route) => [route.route, route.gzipKB])),
    budget: {
      startInitialGzipKB: BUNDLE_BUDGET_KB.startInitialGzip,
      perRouteGzipKB: BUNDLE_BUDGET_KB.perRouteGzip,
    },
    withinBudget:
      start.gzipKB <= BUNDLE_BUDGET_KB.startInitialGzip &&
      largest.gzipKB <= BUNDLE_BUDGET_KB.perRouteGzip,
  };
}

function printTable(sizes) {
  const verdict = (value, budget) => (value <= budget ? 'ok' : 'OVER BUDGET');
  console.log(`shell (entry + static imports)  ${sizes.shellGzipKB} KB gzip`);
  console.log(
    `/start initial JS               ${sizes.startInitialGzipKB} KB gzip ` +
      `(budget ${sizes.budget.startInitialGzipKB}: ${verdict(sizes.startInitialGzipKB, sizes.budget.startInitialGzipKB)})`,
  );
  for (const file of sizes.startFiles) console.log(`  ${file}`);
  console.log(
    `largest route                   ${sizes.largestRoute.route} ${sizes.largestRoute.gzipKB} KB gzip ` +
      `(budget ${sizes.budget.perRouteGzipKB}: ${verdict(sizes.largestRoute.gzipKB, sizes.budget.perRouteGzipKB)})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dist = args.find((arg) => !arg.startsWith('--'));
  const sizes = measureBundleSizes(dist === undefined ? undefined : resolve(dist));
  if (args.includes('--json')) console.log(JSON.stringify(sizes, null, 2));
  else printTable(sizes);
}
