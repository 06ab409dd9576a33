import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Finds or starts the PostgreSQL the HTTP tests create their databases on.
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // One module graph per worker, not per file: importing the server took three quarters of the
    // suite's time when every file loaded it afresh. Each file still gets its own database
    // (helpers/db.ts), and no test mocks a module or keeps state in one.
    isolate: false,
    // Two cores are shared with other workspaces' checks.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
