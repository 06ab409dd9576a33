// `npm start` serves the built web app; build it only when the sources are newer than the build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The browser's build and the server's renderer of public pages (apps/web/dist-ssr).
const builtFiles = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].map((file) =>
  join(root, file),
);
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
  'packages/contract/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const builtAt = Math.min(
  ...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
);
const sourcesAt = Math.max(...sources.map((p) => newestMtime(join(root, p))));
if (builtAt > sourcesAt && process.env.FORCE_WEB_BUILD !== 'true') {
  console.log('web app is up to date (apps/web/dist)');
} else {
  console.log('building the web app (apps/web/dist)…');
  execSync('npm -w @pledge/web run build', { cwd: root, stdio: 'inherit' });
}
