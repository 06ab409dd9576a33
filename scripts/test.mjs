// `npm test`: every check CI runs, with one closing line of counts, the total time and the ten
// slowest test files; each stage's time and how busy it kept the machine's CPU are printed as it ends.
//   typecheck ‖ lint → unit tests (domain ‖ contract ‖ server ‖ web) ‖ build (web app and server),
//   then the production check (scripts/production-check.mjs) ‖ upgrade check
//   (scripts/upgrade-check.mjs) → E2E in Chromium.
// Steps of one stage run side by side (‖), each line of their output prefixed with the step's name:
// the server's tests wait on PostgreSQL much of their time and the web app's on one core, so the
// two together left a fifth of the machine idle, which the build and the release checks (mostly
// waiting on installs, migrations and servers starting) now fill instead of a stage of their own.
// `npm test -- --skip-e2e` stops after the unit tests and the upgrade check.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const skipE2e = process.argv.includes('--skip-e2e');
const suiteStarted = Date.now();

const unitWorkspaces = ['packages/domain', 'packages/contract', 'apps/server', 'apps/web'];
const buildStep = { name: 'build', cmd: 'npm', args: ['run', 'build'] };
// The built release installed without dev dependencies, migrated, two instances in production.
const productionStep = { name: 'production', cmd: 'node', args: ['scripts/production-check.mjs'] };

/**
 * Stages run in order; the steps of a stage run at the same time, and a step's `then` after it
 * (when it passed).
 */
const unitAndRelease = [
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
  ...(skipE2e ? [] : [{ ...buildStep, then: productionStep }]),
  // The previous release (CHANGELOG.md) on a database, then this version on it: every loan serviced.
  { name: 'upgrade', cmd: 'node', args: ['scripts/upgrade-check.mjs'] },
];

const stages = [
  [
    { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  ],
  unitAndRelease,
  ...(skipE2e
    ? []
    : [
        [
          {
            name: 'e2e',
            cmd: 'npm',
            args: ['run', 'test:e2e'],
            env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'e2e.json') },
            report: join(results, 'e2e.json'),
            kind: 'playwright',
          },
        ],
      ]),
];

/** Steps without a report whose failure leaves the later steps meaningful. */
const NOT_FATAL = new Set(['lint', 'upgrade', 'production']);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names and first message lines of failed tests, repeated at the end where a log's tail shows them. */
const failures = [];
/** [seconds, file] of every test file, for the slowest ten. */
const fileTimes = [];

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

/** Adds each spec file's test durations (all lanes) to `perFile`. */
function playwrightDurations(suite, perFile) {
  for (const child of suite.suites ?? []) playwrightDurations(child, perFile);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + (result.duration ?? 0));
      }
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
    for (const file of report.testResults ?? []) {
      if (file.startTime && file.endTime) {
        fileTimes.push([(file.endTime - file.startTime) / 1000, relative(root, file.name)]);
      }
    }
  } else {
    collectPlaywrightFailures(report);
    const perFile = new Map();
    playwrightDurations(report, perFile);
    for (const [file, ms] of perFile) fileTimes.push([ms / 1000, `e2e/tests/${file}`]);
    totals.passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    totals.failed += report.stats?.unexpected ?? 0;
    totals.skipped += report.stats?.skipped ?? 0;
  }
}

async function runStep(step) {
  const started = Date.now();
  const prefix = `[${step.name}] `;
  console.log(`${prefix}started`);
  const child = spawn(step.cmd, step.args, {
    cwd: step.cwd ?? root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...step.env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(prefix + line));
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  count(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const ok = status === 0;
  if (!ok) failedSteps.push(step.name);
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} (${seconds}s)`);
  // What follows a step runs once it passed; the step's own outcome decides what comes later.
  if (ok && step.then !== undefined) await runStep(step.then);
  return ok;
}

/** The machine's CPU time so far, busy and all, in clock ticks (Linux's /proc/stat); null elsewhere. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    const all = ticks.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th fields: time no process could use.
    return { all, busy: all - (ticks[3] ?? 0) - (ticks[4] ?? 0) };
  } catch {
    return null;
  }
}

for (const stage of stages) {
  const before = cpuTicks();
  const stageStarted = Date.now();
  const outcomes = await Promise.all(stage.map((step) => runStep(step)));
  const after = cpuTicks();
  if (before !== null && after !== null && after.all > before.all) {
    // How full the machine was: a stage far below 100 % leaves room for another beside it.
    const busy = (100 * (after.busy - before.busy)) / (after.all - before.all);
    const seconds = ((Date.now() - stageStarted) / 1000).toFixed(0);
    console.log(
      `=== stage ${stage.map((step) => (step.then ? `${step.name} → ${step.then.name}` : step.name)).join(' ‖ ')}: ${seconds}s, CPU ${busy.toFixed(0)} % busy`,
    );
  }
  // Typecheck and build failures make the rest meaningless; a lint, upgrade-check,
  // production-check or test failure still lets the later steps run.
  const fatal = stage.some((step, i) => !outcomes[i] && !step.report && !NOT_FATAL.has(step.name));
  if (fatal) break;
}

console.log('');
if (failures.length > 0) {
  console.log(`failed tests:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}\n`);
}
if (fileTimes.length > 0) {
  const slowest = fileTimes.sort((a, b) => b[0] - a[0]).slice(0, 10);
  console.log('slowest test files:');
  for (const [seconds, file] of slowest)
    console.log(`  ${seconds.toFixed(1).padStart(7)}s  ${file}`);
  console.log('');
}
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
const failed = totals.failed + (failedSteps.length > 0 && totals.failed === 0 ? 1 : 0);
const minutes = (Date.now() - suiteStarted) / 60_000;
console.log(`tests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
console.log(`total time: ${Math.floor(minutes)} min ${Math.round((minutes % 1) * 60)} s`);
process.exit(failedSteps.length > 0 ? 1 : 0);
