// `node scripts/assemble-release.mjs <dir>`: copies what production runs into <dir>, after
// `npm run build`: the manifests and lock file (for `npm ci --omit=dev` there), the compiled server
// with its migrations, the server's public files and the built web app. Nothing else ships: no
// TypeScript sources, no tests, no development tools. The Dockerfile and the production check
// (scripts/production-check.mjs) both run exactly this, then `npm ci --omit=dev` in <dir>.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Built output a release needs; each must exist (run `npm run build` first). */
export const BUILT = [
  'apps/server/dist/server.js',
  'apps/server/dist/migrate.js',
  'apps/server/dist/migrate-files.js',
  'apps/server/dist/migrations/meta/_journal.json',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
];

/** Folders copied whole. */
const FOLDERS = ['apps/server/dist', 'apps/server/public', 'apps/web/dist', 'apps/web/dist-ssr'];

export function assembleRelease(target) {
  const missing = BUILT.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    throw new Error(`Build first (npm run build); missing: ${missing.join(', ')}`);
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(`${target} is not empty`);
  }
  mkdirSync(target, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  // npm ci installs every workspace of the lock file, so each keeps its manifest.
  const files = [
    'package.json',
    'package-lock.json',
    '.nvmrc',
    ...manifest.workspaces.map((workspace) => `${workspace}/package.json`),
    ...(existsSync(path.join(root, '.npmrc')) ? ['.npmrc'] : []),
  ];
  for (const file of [...files, ...FOLDERS]) {
    cpSync(path.join(root, file), path.join(target, file), { recursive: true });
  }
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (target === undefined) {
    console.error('usage: node scripts/assemble-release.mjs <empty or new directory>');
    process.exit(2);
  }
  try {
    assembleRelease(path.resolve(target));
    console.log(`release assembled in ${target}; next: cd ${target} && npm ci --omit=dev`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
