// `npm test`: every check CI runs, in order, with one closing line of counts.
//   typecheck → lint → unit tests (domain, contract, server, web) → build (web app and server) →
//   production check (scripts/production-check.mjs) → E2E in Chromium.
// `npm test -- --skip-e2e` stops after the unit tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const skipE2e = process.argv.includes('--skip-e2e');

const unitWorkspaces = ['packages/domain', 'packages/contract', 'apps/server', 'apps/web'];
const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  ...unitWorkspaces.map((ws) => ({
    name: `unit ${ws}`,
    cwd: join(root, ws),
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(results, ws.replace('/', '-') + '.json')}`,
    ],
    report: join(results, ws.replace('/', '-') + '.json'),
    kind: 'vitest',
  })),
  ...(skipE2e
    ? []
    : [
        { name: 'build', cmd: 'npm', args: ['run', 'build'] },
        // The built release installed without dev dependencies, migrated, two instances in production.
        { name: 'production', cmd: 'node', args: ['scripts/production-check.mjs'] },
        {
          name: 'e2e',
          cmd: 'npm',
          args: ['run', 'test:e2e'],
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'e2e.json') },
          report: join(results, 'e2e.json'),
          kind: 'playwright',
        },
      ]),
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names and first message lines of failed tests, repeated at the end where a log's tail shows them. */
const failures = [];

function firstLines(text, lines = 6) {
  return (
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colour codes in reporter messages
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .slice(0, lines)
      .join('\n      ')
  );
}

function collectVitestFailures(report) {
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failures.push(
        `${file.name} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`,
      );
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failures.push(`${file.name}\n      ${firstLines(file.message)}`);
    }
  }
}

function collectPlaywrightFailures(suite, path = []) {
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, [...path, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`${[...path, spec.title].join(' › ')}\n      ${firstLines(error)}`);
    }
  }
}

function count(step) {
  if (!step.report || !existsSync(step.report)) return;
  const report = JSON.parse(readFileSync(step.report, 'utf8'));
  if (step.kind === 'vitest') {
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    collectVitestFailures(report);
  } else {
    collectPlaywrightFailures(report);
    totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    totals.failed += report.stats?.unexpected ?? 0;
    totals.skipped += report.stats?.skipped ?? 0;
  }
}

for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  const run = spawnSync(step.cmd, step.args, {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  count(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status !== 0) {
    failedSteps.push(step.name);
    console.log(`=== ${step.name}: FAILED (${seconds}s)`);
    // Typecheck and build failures make the rest meaningless; a lint or production-check failure
    // still lets tests run.
    if (!step.report && step.name !== 'lint' && step.name !== 'production') break;
  } else {
    console.log(`=== ${step.name}: ok (${seconds}s)`);
  }
}

console.log('');
if (failures.length > 0) {
  console.log(`failed tests:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}\n`);
}
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
const failed = totals.failed + (failedSteps.length > 0 && totals.failed === 0 ? 1 : 0);
console.log(`tests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
