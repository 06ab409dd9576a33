// One linter for the whole monorepo. The import restrictions below enforce the dependency
// direction of the architecture: domain ← contract ← server, web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const IO_PACKAGES = [
  { group: ['react', 'react-*', 'react/*'], message: 'The domain holds no UI.' },
  {
    group: ['pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*'],
    message: 'The domain holds no I/O.',
  },
  {
    group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'],
    message: 'The domain holds no I/O.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.bench/**',
      'data/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      ...IO_PACKAGES,
      {
        group: ['@pledge/contract', '@pledge/server', '@pledge/web'],
        message: 'The domain depends on nothing of ours.',
      },
    ]),
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: restrict([
      ...IO_PACKAGES,
      {
        group: ['@pledge/server', '@pledge/web'],
        message: 'The contract depends only on the domain.',
      },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([
      {
        group: ['@pledge/web', '@pledge/web/*', 'react', 'react-dom'],
        message: 'The server does not import the web app.',
      },
      {
        group: ['../../packages/*', '../../../packages/*'],
        message: 'Import workspaces by package name.',
      },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrict([
        {
          group: [
            '@pledge/server',
            '@pledge/server/*',
            'pg',
            'drizzle-orm',
            'fastify',
            '@fastify/*',
          ],
          message: 'The web app talks to the server over HTTP only.',
        },
        { group: ['node:*'], message: 'The web app runs in the browser.' },
        {
          group: ['../../packages/*', '../../../packages/*'],
          message: 'Import workspaces by package name.',
        },
      ]),
      // An `Intl` formatter made as its module loads runs before every page's first render that
      // includes the module (the first one also loads the browser's locale data).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(Program, ExportNamedDeclaration) > VariableDeclaration NewExpression[callee.object.name="Intl"]',
          message:
            'Make Intl formatters on first use (ui/date-time-format.ts), not at module load.',
        },
        {
          // The first locale formatting a page does loads the locale data (50–70 ms on a slow
          // phone), in the render that needs it.
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message:
            'Write numbers and dates with the domain (formatWholeNumber, dates-in-words.ts): toLocaleString loads the locale data.',
        },
      ],
    },
  },
  {
    // No import circle anywhere: a module imports only what sits below it (STYLE.md). Type-only
    // imports are not counted: import-x's no-cycle always skips them (it has no option to count
    // them), and a circle made only of types is erased when compiled, so no module ever loads
    // half-initialised through it. Tests are left out: nothing imports a test, so none closes one.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The sources import '.js' specifiers of their '.ts' files (NodeNext).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    // Another workspace counts as external: the direction rules above keep it from importing back.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'scripts/**/*.mjs',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      // Build tooling next to the Vite config runs in Node, not in the browser.
      'apps/web/precompress-plugin.ts',
      'apps/web/compile-hint-plugin.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
