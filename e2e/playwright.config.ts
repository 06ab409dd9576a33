import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The E2E suite runs against the server exactly as `npm start` runs it (sandbox mode, embedded
// PostgreSQL in a throw-away data directory), on its own ports so a developer's instance can keep
// running. E2E_BASE_URL points the suite at an already running server instead (one lane then).
//
// Three lanes, each a deployment of its own (server, embedded PostgreSQL, sandbox clock) with one
// worker: specs move the deployment clock and prices, so two specs never share a deployment, yet
// the lanes run side by side. A lane spends most of its time waiting on the server's jobs and the
// browser (the first lane used 0.6 of a core alone), so three lanes on two cores take about a third
// of the time of one.
const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * Debian's Chromium without its desktop layers (package chromium-headless-shell: the same build and
 * Blink as /usr/bin/chromium, what Playwright itself runs headless tests in). On two cores the
 * browser is four fifths of the suite's CPU, and the shell spent 30 % less of it on the same specs
 * (587 s against 830 s; the suite 6.9 against 9.5 minutes). /usr/bin/chromium where it is missing;
 * CHROMIUM_PATH chooses either.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const external = process.env.E2E_BASE_URL;

/**
 * The specs of the second and third lanes, balanced by their measured times; the first lane takes
 * every other spec (a new spec runs there until it is placed).
 */
const LANES = {
  /** The route sweep, the longest by far (about five minutes), and short ones that balance it. */
  'lane-2': [
    '**/sweep.spec.ts',
    '**/long-values.spec.ts',
    '**/international-payments.spec.ts',
    '**/session.spec.ts',
  ],
  'lane-3': [
    '**/renewal-moves.spec.ts',
    '**/application.spec.ts',
    '**/sign-in.spec.ts',
    '**/offer.spec.ts',
    '**/id-after-deposit.spec.ts',
    '**/risk.spec.ts',
    '**/renewal.spec.ts',
    '**/servicing.spec.ts',
    '**/bank-oauth-resume.spec.ts',
    '**/sign-in-security.spec.ts',
    '**/approvals.spec.ts',
    '**/residency-redirect.spec.ts',
    '**/server-rendering.spec.ts',
    '**/layout-video.spec.ts',
  ],
};

export default defineConfig({
  testDir: './tests',
  // A hang guard, not a speed bar: the longest walks (three accessibility passes and screenshots
  // at two widths) take about 40 s on a usual 2-core host, and over 60 s on one three times slower
  // (seen in CI), where every lane shares the two cores with the server and its PostgreSQL.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: external ? 1 : 1 + Object.keys(LANES).length,
  retries: 0,
  outputDir: './test-results',
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    browserName: 'chromium',
    // A failed test saves its screenshot and the page's accessibility tree (error-context.md); the
    // trace (the page's DOM at each step) is kept only when E2E_TRACE=on asks for it: recording it
    // for every test, passed or not, cost the browser and the test worker a quarter of the suite's
    // CPU on two cores (the route sweep: 368 s of CPU with it, 279 s without).
    trace:
      process.env.E2E_TRACE === 'on'
        ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true }
        : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The layout's background video plays on every wide page otherwise, and decoding and
        // compositing it in software was most of the browser's CPU: half the suite's time on two
        // cores. The specs of the video itself (and the sweep's offer page) ask for motion again.
        '--force-prefers-reduced-motion',
        // Frames composited in the renderer in software, not handed to the GPU process to
        // composite in software again: a tenth less of the browser's CPU on the route sweep.
        '--disable-gpu-compositing',
        // The display compositor in the browser process rather than a GPU process of its own (in
        // software either way): 536 CPU-seconds of the browser for the whole suite against 587.
        '--in-process-gpu',
        // Page scripts run in V8's interpreter and its baseline compiler only: a test's pages live
        // seconds, not long enough for the optimizing compilers (Maglev, TurboFan) to pay back
        // their compiling. The route sweep, axe's checks included: 433–440 CPU-seconds against
        // 520–561 with them. And V8 keeps its garbage collection and compiling on each page's own
        // thread: on two cores shared by several renderers, its helper threads only took turns with
        // them (399–406 CPU-seconds). The Lighthouse bench keeps V8's defaults.
        '--js-flags=--no-opt --no-maglev --single-threaded',
      ],
    },
  },
  projects: external
    ? [{ name: 'external', use: { baseURL: external } }]
    : [
        {
          name: 'lane-1',
          workers: 1,
          testIgnore: Object.values(LANES).flat(),
          use: { baseURL: `http://127.0.0.1:${port}` },
        },
        ...Object.entries(LANES).map(([name, specs], index) => ({
          name,
          workers: 1,
          testMatch: specs,
          use: { baseURL: `http://127.0.0.1:${port + 1 + index}` },
        })),
      ],
  // Each lane's server (lanes.ts), all started at once before the first test.
  globalSetup: './global-setup.ts',
});
