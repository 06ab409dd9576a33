// CPU time per request of each measured endpoint, which other work on the machine does not skew
// the way it skews a load run: the sandbox server is started on its own (one node process and its
// embedded PostgreSQL), sent CPU_REQUESTS requests one after another per endpoint, and the CPU
// time the kernel counted for the server process and for PostgreSQL (all its processes) is divided
// by the requests, less what the idle server spends in the same wall time (its job worker). The
// requests are measured CHUNK at a time, and a chunk that met a burst of the server's background
// work is left out (`chunksLeftOut`).
//
//   node scripts/bench/cpu.mjs [--requests=N] [--only=rates,offerWrite,offers,sign,payment]
//     [--cpu-prof=DIR] [--load=SECONDS [--open=RATE]] [--pgbench] [--loans=N]
//
// The payments go to a pool of borrowers' loans, each paid in turn (throughput.mjs,
// PAYMENTS_PER_LOAN): one request after another, as many loans as leave at most PAYMENTS_PER_LOAN
// payments on one; under load, the throughput part's THROUGHPUT_PAYMENT_LOANS. --loans=N sets the
// pool (--loans=1: every payment on one loan, whose pending payments grow with the run). After
// the warm-up, the database's statistics are taken (statisticsTaken; --no-analyze: not).
// It also prints each endpoint's database work per request from pg_stat_statements (statements,
// rows, buffers, WAL, planning apart from execution; db-cost.mjs) and the WAL the server wrote,
// one request after another and under load (where a statement may be planned for each call);
// --pgbench adds a `pgbench -N` run on the same PostgreSQL and states PostgreSQL's CPU per request
// in pgbench transactions (the unit of DESIGN §7's database bars). CPU_BENCH_PORT sets the port
// (3390; the embedded PostgreSQL's is 20,000 above it).
//
// --load=SECONDS sends each endpoint's requests as the throughput part does instead (autocannon,
// 50 connections, a borrower per request in flight) for that long, and adds the load generator's
// own CPU (this process): under load the three share the machine's cores, and what each spends
// per request is what bounds the throughput.
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { containerServerStart } from '../container-command.mjs';
import { openStatementCost, printStatementCost } from './db-cost.mjs';
import { cannon, waitFor } from './http.mjs';
import { openLoad } from './open-load.mjs';
import { cpuOf, cpuPerUnit } from './process-cpu.mjs';
import {
  jobsSettled,
  outboxDrained,
  PAYMENTS_PER_LOAN,
  pgbenchRun,
  prepareLoads,
  seeded,
  STATEMENT_COUNT_REQUESTS,
  statementsPerRequest,
  statisticsTaken,
  THROUGHPUT_PAYMENT_LOANS,
} from './throughput.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.CPU_BENCH_PORT ?? 3390);
const argument = process.argv.find((arg) => arg.startsWith('--requests='));
const REQUESTS = argument === undefined ? 1_000 : Number(argument.split('=')[1]);
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.split('=')[1]
  ?.split(',');
// --cpu-prof=DIR: the server also writes a V8 CPU profile there when it stops.
const profileDir = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.split('=')[1];
const loadArgument = process.argv.find((arg) => arg.startsWith('--load='));
const LOAD_SECONDS = loadArgument === undefined ? undefined : Number(loadArgument.split('=')[1]);
const WITH_PGBENCH = process.argv.includes('--pgbench');
// --no-analyze: measure without taking the database's statistics after the warm-up.
const NO_ANALYZE = process.argv.includes('--no-analyze');
// --open=RATE (with --load): after each load, an open-model run at RATE requests a second.
const openArgument = process.argv.find((arg) => arg.startsWith('--open='));
const OPEN_RATE = openArgument === undefined ? undefined : Number(openArgument.split('=')[1]);
const WARMUP = 200;
const IDLE_MS = 3_000;
const IDLE_SAMPLES = 6;
// Requests measured together; a chunk costing BURST_FACTOR times the median, or a BURST_FACTOR-th
// of it, is left out.
const CHUNK = 100;
const BURST_FACTOR = 1.5;
const loansArgument = process.argv.find((arg) => arg.startsWith('--loans='));
const LOANS =
  loansArgument === undefined
    ? LOAD_SECONDS === undefined
      ? Math.ceil((STATEMENT_COUNT_REQUESTS + WARMUP + REQUESTS) / PAYMENTS_PER_LOAN)
      : THROUGHPUT_PAYMENT_LOANS
    : Number(loansArgument.split('=')[1]);

async function send(base, next, count) {
  for (let index = 0; index < count; index += 1) {
    const { path, method = 'GET', headers = {}, body } = next();
    const response = await fetch(`${base}${path}`, { method, headers, body });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pledge-cpu-'));
const metricsToken = randomBytes(24).toString('hex');
chmodSync(dataDir, 0o755);
// CPU_SERVER_ROOT: another checkout of the repository (an earlier version, to compare with).
const serverRoot = process.env.CPU_SERVER_ROOT ?? root;
// The compiled server, started as the container starts it (scripts/container-command.mjs);
// CPU_SERVER_NODE_FLAGS adds Node flags of its own (`--trace-gc`, to see the collector's pauses).
execSync('npm run build:server', { cwd: serverRoot, stdio: 'inherit' });
const container = containerServerStart(serverRoot);
const child = spawn(
  process.execPath,
  [
    ...container.flags,
    ...(process.env.CPU_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ...(profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
    container.file,
  ],
  {
    cwd: serverRoot,
    // CPU_SERVER_LOG: a file for the server's log (warnings and errors).
    stdio: [
      'ignore',
      process.env.CPU_SERVER_LOG === undefined
        ? 'ignore'
        : openSync(process.env.CPU_SERVER_LOG, 'w'),
      'inherit',
    ],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PORT + 20_000),
      BENCH_STATEMENT_COUNT: 'true',
      EMBEDDED_PG_STAT_STATEMENTS: 'true',
      METRICS_TOKEN: metricsToken,
      // Each payment names a client of its own in X-Forwarded-For, as in the throughput part.
      TRUST_PROXY: '1',
    },
  },
);
const base = `http://127.0.0.1:${PORT}`;

/** One load run of `next`'s requests: throughput, p99 and each process's CPU per request. */
async function underLoad(next) {
  const from = cpuOf(child.pid);
  const result = await cannon({
    url: base,
    duration: LOAD_SECONDS,
    requests: [
      {
        setupRequest: (request, context) => ({ ...request, ...next(context) }),
        onResponse: (status, body, context) => context.release?.(),
      },
    ],
  });
  const to = cpuOf(child.pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers outside 2xx and ${result.errors} errors under load`);
  }
  return {
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    ...cpuPerUnit(from, to, result.requests.total),
  };
}

try {
  await waitFor(`${base}/readyz`);
  const paying = only === undefined || only.includes('payment');
  const { requests, paymentLoad } = await prepareLoads(base, {
    withLoans: paying || only.includes('sign'),
    // One request at a time needs one borrower; a load one per request in flight.
    ...(LOAD_SECONDS === undefined ? { borrowerCount: 1 } : {}),
    ...(paying && LOANS !== undefined ? { loanCount: LOANS } : {}),
  });
  const server = { dataDir, pgPort: PORT + 20_000, pid: child.pid };
  const statementCost = await openStatementCost(server);
  await jobsSettled(base, metricsToken);
  await outboxDrained(server);
  // The idle server's CPU a millisecond: the least of IDLE_SAMPLES short spells, so that
  // background work met in one (below; a job still running after the preparation) does not count.
  const spells = [];
  for (let index = 0; index < IDLE_SAMPLES; index += 1) {
    const before = cpuOf(child.pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / IDLE_SAMPLES));
    const after = cpuOf(child.pid);
    const ms = performance.now() - started;
    spells.push({
      server: (after.server - before.server) / ms,
      database: (after.database - before.database) / ms,
    });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const idlePerMs = {
    server: Math.min(...spells.map((spell) => spell.server)),
    database: Math.min(...spells.map((spell) => spell.database)),
  };
  const rows = {};
  const measured = Object.entries(requests).filter(
    ([name]) => only === undefined || only.includes(name),
  );
  if (LOAD_SECONDS !== undefined) {
    // Every request sent one at a time comes first: a load leaves the server closing the idle
    // connections of fetch's pool, which a POST sent after it may meet.
    const statements = {};
    for (const [name, make] of measured) {
      statements[name] = await statementsPerRequest(base, make(seeded(11)));
      await send(base, make(seeded(12)), WARMUP);
    }
    if (!NO_ANALYZE) await statisticsTaken(server);
    for (const [name, make] of measured) {
      const { result: loaded, cost } = await statementCost.measure(
        () => underLoad(make(seeded(13))),
        (result) => result.requests,
      );
      rows[name] = { ...loaded, statements: statements[name] };
      printStatementCost(name, cost);
      if (OPEN_RATE !== undefined) {
        const next = make(seeded(14));
        const open = await openLoad(
          base,
          (context) => next(Object.assign(context, { open: true })),
          {
            ratePerSecond: OPEN_RATE,
            durationS: LOAD_SECONDS,
          },
        );
        console.log(`${name}: open model at ${OPEN_RATE}/s`, open);
      }
    }
  }
  for (const [name, make] of LOAD_SECONDS === undefined ? measured : []) {
    // Counted after the warm-up: what the preparation left running has ended by then.
    await send(base, make(seeded(12)), WARMUP);
    if (!NO_ANALYZE) await statisticsTaken(server);
    const statements = await statementsPerRequest(base, make(seeded(11)));
    const next = make(seeded(13));
    const { result: chunks, cost } = await statementCost.measure(async () => {
      const spent = [];
      for (let sent = 0; sent < REQUESTS; sent += CHUNK) {
        const count = Math.min(CHUNK, REQUESTS - sent);
        const from = cpuOf(child.pid);
        const at = performance.now();
        await send(base, next, count);
        const wallMs = performance.now() - at;
        const to = cpuOf(child.pid);
        spent.push({
          count,
          wallMs,
          server: to.server - from.server - idlePerMs.server * wallMs,
          database: to.database - from.database - idlePerMs.database * wallMs,
        });
      }
      return spent;
    }, REQUESTS);
    printStatementCost(name, cost);
    // Background work of the server in service comes in bursts (the deposit watcher every 30 s
    // and the minute's sweeps, each visiting every loan: about a second of both processes' CPU
    // with the payment's pool of loans); a chunk that met one costs several times the others and
    // is left out, as is one that cost a fraction of the others (a process of the tree counted
    // in neither its own nor its parent's time at one reading).
    const totalPerRequest = (chunk) => (chunk.server + chunk.database) / chunk.count;
    const usual = median(chunks.map(totalPerRequest));
    const kept = chunks.filter(
      (chunk) =>
        totalPerRequest(chunk) <= usual * BURST_FACTOR &&
        totalPerRequest(chunk) >= usual / BURST_FACTOR,
    );
    const keptRequests = kept.reduce((sum, chunk) => sum + chunk.count, 0);
    const perRequest = (part) =>
      +(kept.reduce((sum, chunk) => sum + chunk[part], 0) / keptRequests).toFixed(3);
    rows[name] = {
      serverCpuMs: perRequest('server'),
      postgresCpuMs: perRequest('database'),
      wallMs: +(kept.reduce((sum, chunk) => sum + chunk.wallMs, 0) / keptRequests).toFixed(3),
      statements,
      walBytes: cost?.walBytes,
      chunksLeftOut: chunks.length - kept.length,
    };
  }
  if (WITH_PGBENCH) {
    const pgbench = await pgbenchRun(root, server);
    console.log('pgbench -N', pgbench);
    for (const row of Object.values(rows)) {
      row.pgbenchTx = +(row.postgresCpuMs / pgbench.cpu.postgresCpuMs).toFixed(2);
    }
  }
  if (paying) console.log('payment load', paymentLoad());
  console.table(rows);
  await statementCost.close();
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
