// `npm run build:server`: compiles the server ahead of time into apps/server/dist, so that production
// runs plain `node` with no TypeScript tooling installed.
//
//   dist/server.js         the process (src/server.ts)
//   dist/migrate.js        `npm run migrate`: applies pending migrations, then exits
//   dist/migrate-files.js  `npm run migrate-files`: moves files kept on a local disk to the shared store
//
// Each is one ES module bundle of the server's sources and the workspace packages @pledge/domain and
// @pledge/contract (which ship TypeScript sources only); every npm dependency stays an import, resolved
// from node_modules at run time. The build fails when the bundle imports a package that a production
// install (`npm ci --omit=dev`) would not provide. Files the sources open relative to their own module
// (`new URL('./migrations', import.meta.url)`) are copied to where the bundle looks for them.
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const serverDir = path.join(root, 'apps/server');
const srcDir = path.join(serverDir, 'src');
const distDir = path.join(serverDir, 'dist');

const entryPoints = {
  server: path.join(srcDir, 'server.ts'),
  migrate: path.join(srcDir, 'deploy/migrate-database.ts'),
  'migrate-files': path.join(srcDir, 'deploy/migrate-files.ts'),
};

/** Packages a production install provides: the runtime dependencies of the bundled workspaces. */
function runtimePackages() {
  const names = new Set();
  for (const manifest of ['apps/server', 'packages/domain', 'packages/contract']) {
    const json = JSON.parse(readFileSync(path.join(root, manifest, 'package.json'), 'utf8'));
    for (const name of Object.keys(json.dependencies ?? {})) names.add(name);
  }
  return names;
}

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const builtins = new Set(builtinModules);
const provided = runtimePackages();
const missing = new Set();
/** `new URL('<relative>', import.meta.url)` in a source: where it points from the source, by text. */
const moduleRelativeFiles = new Map();
const MODULE_RELATIVE = /new URL\(\s*(['"])(\.{1,2}\/[^'"]*)\1\s*,\s*import\.meta\.url\s*\)/g;

const dependenciesStayImports = {
  name: 'dependencies-stay-imports',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageNameOf(args.path);
      // The workspace packages are TypeScript sources: compiled into the bundle.
      if (name.startsWith('@pledge/')) return undefined;
      if (!provided.has(name))
        missing.add(`${name} (imported by ${path.relative(root, args.importer)})`);
      return { external: true };
    });
    bundler.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      for (const match of text.matchAll(MODULE_RELATIVE)) {
        const relative = match[2];
        const from = path.resolve(path.dirname(args.path), relative);
        const known = moduleRelativeFiles.get(relative);
        if (known !== undefined && known !== from) {
          throw new Error(
            `Two sources open ${relative} relative to themselves (${known}, ${from}); in one bundle they would be the same file`,
          );
        }
        moduleRelativeFiles.set(relative, from);
      }
      return undefined;
    });
  },
};

rmSync(distDir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  entryPoints,
  outdir: distDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Names stay readable in stack traces and logs (error classes are matched by name).
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [dependenciesStayImports],
  metafile: true,
});

if (missing.size > 0) {
  console.error(
    `The server imports packages a production install lacks (not in the dependencies of apps/server, packages/domain or packages/contract):\n  ${[...missing].join('\n  ')}`,
  );
  process.exit(1);
}

// The bundle lives in dist/, the sources in src/<folder>/: copy what they open relative to themselves.
for (const [relative, from] of moduleRelativeFiles) {
  const to = path.resolve(distDir, relative);
  if (to === from) continue;
  if (!existsSync(from)) {
    console.error(`A source opens ${from}, which does not exist`);
    process.exit(1);
  }
  if (existsSync(to) && statSync(to).isDirectory() !== statSync(from).isDirectory()) {
    console.error(`${to} would be overwritten by ${from}`);
    process.exit(1);
  }
  cpSync(from, to, { recursive: true });
}

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
const shipped = [...moduleRelativeFiles.keys()].filter(
  (relative) => path.resolve(distDir, relative) !== moduleRelativeFiles.get(relative),
);
console.log(
  `server built into ${path.relative(root, distDir)}: ${Object.keys(entryPoints)
    .map((name) => `${name}.js`)
    .join(
      ', ',
    )} (${(bytes / 1024 / 1024).toFixed(1)} MB with source maps), with ${shipped.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)}s)`,
);
