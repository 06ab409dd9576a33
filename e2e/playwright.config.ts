import { defineConfig } from '@playwright/test';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_METRICS_TOKEN } from './fixtures/jobs.js';

// The E2E suite runs against the server exactly as `npm start` runs it (sandbox mode, embedded
// PostgreSQL in a throw-away data directory), on its own ports so a developer's instance can keep
// running. E2E_BASE_URL points the suite at an already running server instead.
const port = Number(process.env.E2E_PORT ?? 3100);

const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pledge-e2e-'));
// Run as root, the embedded PostgreSQL drops to the postgres user, which must reach the directory.
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: './test-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm start',
        cwd: '..',
        url: `${baseURL}/healthz`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          SANDBOX: 'true',
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(port + 20_000),
          DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
          LOG_LEVEL: 'warn',
          // Read by specs that wait for background jobs, to say in a failure what the queue holds.
          METRICS_TOKEN: E2E_METRICS_TOKEN,
          // As behind a load balancer: the API sign-ins of the fixtures name their own address.
          TRUST_PROXY: '1',
        },
      },
});
