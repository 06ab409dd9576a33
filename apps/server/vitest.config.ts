import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Finds or starts the PostgreSQL the HTTP tests create their databases on.
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Two cores are shared with other workspaces' checks.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
