import { build, type BuildOptions, type Rolldown } from 'vite';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ariaUsEnglish } from './aria-locale-plugin.js';
import { eagerCompileEntry } from './compile-hint-plugin.js';
import { precompress } from './precompress-plugin.js';
import { screenChunkGroups, screenReadersOf } from './screen-chunks.js';

/** Everything the server answers besides the SPA (DESIGN §4, plus sandbox, health, docs and brand logos). */
const SERVER_PREFIXES = [
  '/service-cryptopl-leap',
  '/service-application-cryptopl',
  '/identity-broker',
  '/identity/',
  '/service-profile',
  '/service-address',
  '/ft/',
  '/service-optimize',
  '/service-ops',
  '/banners/',
  '/provenance',
  '/sandbox',
  '/healthz',
  '/docs',
  '/brands/',
];

const SERVER_ORIGIN = 'http://localhost:3000';

/**
 * Test files that run in a fresh module graph and a fresh jsdom each: those that replace modules
 * (vi.mock: the QR encoder's loader), and those whose module state would outlast the file and meet
 * the files around it in a shared worker (the telemetry client made once and its session retries,
 * the sign-in in progress, the lazy screens' count of code still loading, the lazy combobox's
 * code once fetched). Every other file shares its worker's modules and jsdom with the files before
 * it, which saves the second or two of CPU a fresh worker costs per file; the setup file's cleanup
 * (unmounted trees, cleared storage, restored mocks and globals) runs after each test either way.
 * A file joins this list when it fails in the shared project but passes alone.
 */
const ISOLATED_TESTS = [
  'src/app/lazy-screen.test.tsx',
  'src/features/complete/components/complete.test.tsx',
  'src/features/mobile-app/components/get-mobile-app.test.tsx',
  'src/features/session/components/require-session.test.tsx',
  'src/features/session/start-sign-in.test.ts',
  'src/routes/auth-login/auth-login-page.test.tsx',
  'src/telemetry/create-telemetry-client.test.ts',
  'src/ui/combobox/lazy-combobox.test.tsx',
  'src/ui/qr-code/qr-code.test.tsx',
];

/**
 * react-router's package points every bundler at its development build (warnings, invariant
 * messages, dev-only checks); the production build it ships next to it is the one to bundle.
 */
const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The workspace packages are pure modules (rules and schemas, no start-up effects): a screen then
// pulls in only the modules it uses, not everything their index re-exports.
const treeshake: NonNullable<BuildOptions['rolldownOptions']>['treeshake'] = {
  moduleSideEffects: [{ test: /\/packages\/(domain|contract)\/src\//, sideEffects: false }],
};

/** The browser's build; `groups` cut the screens' code into files beyond the shell. */
const clientBuild = (groups: Rolldown.CodeSplittingGroup[]): BuildOptions => ({
  outDir: 'dist',
  assetsDir: 'assets',
  emptyOutDir: true,
  // Lets `npm run bench` find the chunks a route loads.
  manifest: true,
  rolldownOptions: {
    output: {
      // Everything the entry imports statically loads on every page anyway: one chunk instead of
      // about twenty small ones compresses better and costs fewer requests.
      codeSplitting: {
        groups: [{ name: 'shell', tags: ['$initial'], priority: 1 }, ...groups],
      },
    },
    treeshake,
  },
});

// `vite build --ssr src/entry-server.tsx`: the server's renderer of public pages (entry-server.tsx),
// one self-contained module for Node: the libraries it uses (React, the router, react-aria…) are
// bundled in with the workspace packages, so that a production install needs none of the web
// app's dependencies (its other output is static files).
const ssrBuild: BuildOptions = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: {
    input: 'src/entry-server.tsx',
    output: { codeSplitting: false },
    treeshake,
  },
};

/** What the browser build and its first pass share: how modules are found and transformed. */
const resolveAndTransform = (command: 'build' | 'serve') => ({
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  plugins: [
    // The app speaks US English only: react-aria's strings for every other locale stay out of the
    // chunks that use it (the address combobox, toasts).
    optimizeLocales.vite({ locales: ['en-US'] }),
    // …and react-aria's locale is US English without asking the browser (aria-locale-plugin.ts).
    ariaUsEnglish(),
    react(),
  ],
});

/**
 * The browser build's first pass, cut the bundler's way and written nowhere: which screens load
 * which modules (screen-chunks.ts), to group them by in the build that is written.
 */
async function screenGroups(): Promise<Rolldown.CodeSplittingGroup[]> {
  const output = await build({
    configFile: false,
    root: dirname(fileURLToPath(import.meta.url)),
    logLevel: 'warn',
    ...resolveAndTransform('build'),
    build: { ...clientBuild([]), write: false, manifest: false, emptyOutDir: false },
  });
  if (!('output' in output)) throw new Error('The first pass of the build gave no single output');
  return screenChunkGroups(screenReadersOf(output));
}

export default defineConfig(async ({ command, isSsrBuild = false }): Promise<ViteUserConfig> => ({
  ...resolveAndTransform(command),
  plugins: [
    ...resolveAndTransform(command).plugins,
    // The server-rendering bundle is read from disk by the server, never sent to a browser.
    ...(isSsrBuild ? [] : [eagerCompileEntry(), precompress()]),
  ],
  server: {
    proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, SERVER_ORIGIN])),
  },
  // The server-rendering bundle imports nothing from node_modules (see ssrBuild); the dev server
  // and the tests resolve libraries as usual.
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
  build: isSsrBuild ? ssrBuild : clientBuild(command === 'build' ? await screenGroups() : []),
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // `npm test` runs these beside the server's tests on two cores: a slow moment is not a failure.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          exclude: [...configDefaults.exclude, ...ISOLATED_TESTS],
        },
      },
    ],
  },
}));
