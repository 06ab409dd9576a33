// `npm run bench`: the performance bars of DESIGN §7, measured (never asserted in tests).
//   bundles     JS size: initial JS of /start (gzip) and the largest route chunk.
//   throughput  rates (every request different) and the offers list against a bare Fastify
//               hello-world, the offer write against `pgbench -N` on the same PostgreSQL; same
//               run, 50 connections; ratio, p99 and SQL statements per request
//               (scripts/bench/throughput.mjs).
//   lists       the agent console's list, the borrower's list and an application's offers list at
//               1 thousand and 1 million applications: flat when the median grows less than 2x
//               (scripts/bench/lists.mjs).
//   sweeps      the servicing sweeps (daily accrual, statement cycle, risk pass selection) at 1
//               thousand and 1 million loans: flat when the time per loan grows less than 2x, with
//               each statement's plan (scripts/bench/sweeps.mjs).
//   lighthouse  mobile performance in Debian's Chromium of every route of the app (signed in as
//               its reader: borrower, agent or visitor) and of the offer page with its
//               Truth-in-Lending box shown; INP of the offer's amount fields and slider at 4x CPU
//               slowdown (scripts/bench/lighthouse.mjs; BENCH_LIGHTHOUSE_ONLY=start,inp for some).
//
//   npm run bench                                  every part
//   npm run bench -- --only=throughput,lists       some parts
//
// The server runs as the container runs it (the compiled server, the Dockerfile's command and Node
// flags), in the sandbox, on port BENCH_PORT (3200) with its own embedded PostgreSQL (20,000
// above it, pg_stat_statements loaded) in a fresh data directory, removed afterwards. Results of
// the parts that ran replace theirs in .bench/results.json, and this run's alone are kept in
// .bench/runs/<time>.json; a table of every bar ends the run, which exits with 1 when a bar of this
// run is over its budget.
import { spawn, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBundleSizes } from './bundle-size.mjs';
import { containerServerStart } from './container-command.mjs';
import { waitFor } from './bench/http.mjs';
import { listBars, measureLists, printLists } from './bench/lists.mjs';
import { printProfile } from './bench/cpu-profile.mjs';
import { printStatementCost } from './bench/db-cost.mjs';
import { measureThroughput, printCeiling, throughputBars } from './bench/throughput.mjs';
import { measureSweeps, printSweeps, sweepBars } from './bench/sweeps.mjs';
import { lighthouseBars, measureLighthouse } from './bench/lighthouse.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const resultsFile = join(root, '.bench/results.json');
/** The bench server's log (warnings and errors): what a failed answer of a load run was. */
const serverLogFile = join(root, '.bench/server.log');
const PARTS = ['bundles', 'throughput', 'lists', 'lighthouse', 'sweeps'];
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 3200);
const runsDir = join(root, '.bench/runs');
const SERVER_STOP_WAIT_MS = 60_000;

function partsToRun(argv) {
  const option = argv.find((arg) => arg.startsWith('--only='));
  if (option === undefined) return PARTS;
  const parts = option
    .slice('--only='.length)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const unknown = parts.filter((part) => !PARTS.includes(part));
  if (unknown.length > 0 || parts.length === 0) {
    console.error(`--only takes a comma-separated list of: ${PARTS.join(', ')}`);
    process.exit(2);
  }
  return PARTS.filter((part) => parts.includes(part));
}

function measureBundles() {
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const bundles = measureBundleSizes(dist);
  console.log('bundles', bundles);
  return bundles;
}

/**
 * Starts the sandbox server as a deployment runs it: the compiled server (built here first) by the
 * container's command, its Node flags included (scripts/container-command.mjs), with the sandbox's
 * adapters; the web app built first when pages are measured (only when its sources are newer).
 */
function startServer({ withWeb }) {
  if (withWeb) execSync('npm run build:web:if-needed', { cwd: root, stdio: 'inherit' });
  execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'pledge-bench-'));
  chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
  const pgPort = SERVER_PORT + 20_000;
  // The bench reads the server's job queue from /metrics (see jobsSettled in throughput.mjs).
  const metricsToken = randomBytes(24).toString('hex');
  mkdirSync(join(root, '.bench'), { recursive: true });
  const log = openSync(serverLogFile, 'w');
  // BENCH_SERVER_NODE_FLAGS: Node flags of the bench's own beside the container's (`--trace-gc`
  // writes the collector's pauses to the server's log, timed from its start, printed below).
  const container = containerServerStart(root);
  const extraFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  console.log(`server started at ${new Date().toISOString()}`);
  const child = spawn(process.execPath, [...container.flags, ...extraFlags, container.file], {
    cwd: root,
    stdio: ['ignore', log, log],
    detached: true,
    env: {
      ...process.env,
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      // Answers carry the SQL statements sent so far: the throughput part counts each request's.
      BENCH_STATEMENT_COUNT: 'true',
      // Each load's statements, rows, buffers and WAL per request (scripts/bench/db-cost.mjs).
      EMBEDDED_PG_STAT_STATEMENTS: 'true',
      METRICS_TOKEN: metricsToken,
      // The payment load comes from many borrowers' devices, each paced per client address by the
      // money routes' limits: the load names each request's client in X-Forwarded-For.
      TRUST_PROXY: '1',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    base: `http://127.0.0.1:${SERVER_PORT}`,
    dataDir,
    pgPort,
    /** The node server's: PostgreSQL runs under it (process-cpu.mjs counts the tree). */
    pid: child.pid,
    metricsToken,
    async stop() {
      process.kill(-child.pid, 'SIGTERM');
      const timeout = new Promise((resolve) => setTimeout(resolve, SERVER_STOP_WAIT_MS));
      await Promise.race([exited, timeout]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function bundleBars(bundles) {
  return [
    {
      bar: '/start initial JS (gzip)',
      value: `${bundles.startInitialGzipKB} KB`,
      budget: `<= ${bundles.budget.startInitialGzipKB} KB`,
      ok: bundles.startInitialGzipKB <= bundles.budget.startInitialGzipKB,
    },
    {
      bar: `largest route JS (gzip): ${bundles.largestRoute.route}`,
      value: `${bundles.largestRoute.gzipKB} KB`,
      budget: `<= ${bundles.budget.perRouteGzipKB} KB`,
      ok: bundles.largestRoute.gzipKB <= bundles.budget.perRouteGzipKB,
    },
  ];
}

const BARS = {
  bundles: bundleBars,
  throughput: throughputBars,
  lists: listBars,
  lighthouse: lighthouseBars,
  sweeps: sweepBars,
};

function printBars(results, ran) {
  const rows = PARTS.filter((part) => results[part] !== undefined).flatMap((part) =>
    BARS[part](results[part]).map((row) => ({
      ...row,
      when: ran.includes(part) ? 'this run' : (results[part].measuredAt ?? 'earlier'),
    })),
  );
  const header = { bar: 'bar', value: 'value', budget: 'budget', verdict: '', when: 'measured' };
  const verdict = (row) => (row.info === true ? '' : row.ok ? 'ok' : 'OVER');
  const lines = [header, ...rows.map((row) => ({ ...row, verdict: verdict(row) }))];
  const width = (key) => Math.max(...lines.map((line) => String(line[key]).length));
  const widths = Object.fromEntries(Object.keys(header).map((key) => [key, width(key)]));
  console.log('');
  for (const line of lines) {
    console.log(
      Object.keys(header)
        .map((key) => String(line[key]).padEnd(widths[key]))
        .join('  ')
        .trimEnd(),
    );
  }
  return rows.filter((row) => row.when === 'this run' && !row.ok).length;
}

/** A result without each load's statement table and CPU profile (printed on their own), for the console. */
function summaryOf(result) {
  return Object.fromEntries(
    Object.entries(result).map(([key, value]) => {
      if (value === null || typeof value !== 'object' || value.database === undefined) {
        return [key, value];
      }
      const { top: _top, ...database } = value.database;
      const { cpuProfile: _profile, ...rest } = value;
      return [key, { ...rest, database }];
    }),
  );
}

const ran = partsToRun(process.argv.slice(2));
const fresh = {};
const stamp = (result) => ({ ...result, measuredAt: new Date().toISOString() });
if (ran.includes('bundles')) fresh.bundles = stamp(measureBundles());
if (ran.some((part) => part !== 'bundles')) {
  const server = startServer({ withWeb: ran.includes('lighthouse') });
  try {
    await waitFor(`${server.base}/healthz`);
    // First, on the fresh database: the throughput part's thousand funded loans leave the job
    // queue busy for minutes (a new application's documents then wait their turn behind them).
    if (ran.includes('lighthouse')) fresh.lighthouse = stamp(await measureLighthouse(server.base));
    if (ran.includes('throughput')) {
      fresh.throughput = stamp(await measureThroughput(server.base, { root, server }));
      for (const [name, row] of Object.entries(fresh.throughput)) {
        printStatementCost(name, row?.database);
        printProfile(name, row?.cpuProfile);
      }
      console.log('throughput', summaryOf(fresh.throughput));
      printCeiling(fresh.throughput);
    }
    // It leaves a million applications in the database.
    if (ran.includes('lists')) {
      fresh.lists = stamp(await measureLists(server.base, server));
      printLists(fresh.lists);
    }
    // After the lists (which count every application): it adds a million loans of its own.
    if (ran.includes('sweeps')) {
      fresh.sweeps = stamp(
        await measureSweeps(server.base, server, {
          pgbenchCpuMs: fresh.throughput?.pgbench?.cpu.postgresCpuMs,
        }),
      );
      printSweeps(fresh.sweeps);
    }
  } finally {
    await server.stop();
  }
}
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
const results = { ...previous, ...fresh };
mkdirSync(runsDir, { recursive: true });
writeFileSync(resultsFile, JSON.stringify(results, null, 2));
const runFile = join(runsDir, `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(runFile, JSON.stringify({ parts: ran, ...fresh }, null, 2));
const over = printBars(results, ran);
console.log(
  `\nwritten .bench/results.json and ${runFile.slice(root.length)} (${ran.join(', ')}); the server's log: .bench/server.log`,
);
if (over > 0) {
  console.log(`${over} bar${over === 1 ? '' : 's'} of this run over budget`);
  process.exitCode = 1;
}
