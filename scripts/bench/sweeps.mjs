// Sweep bar of issue 14: the servicing sweeps stay flat from 1 thousand to 1 million loans.
//
// One funded loan is made through the sandbox API (POST /sandbox/loans walks the whole flow); the
// database is then filled with copies of it in SQL, one INSERT … SELECT per table over
// generate_series (synthetic borrowers, their applications and accepted offers, the servicing rows
// and every ledger entry of the loan), with triggers and foreign-key checks off for the load and
// the tables' secondary indexes built afterwards. Each copy is in the state the template is in: an
// active loan whose first interest period has just started.
//
// At each size, from that state and the way the servicing sweep runs them (the server's own
// functions, services/servicing/accrue-interest.ts and issue-statements.ts, in batches until none
// is left):
//   accrual     the daily accrual the day before the cycle date (every loan accrues);
//   statements  on the cycle date: the last day's accrual, a statement per loan with its period
//               rolled over in the same statement, then the rollover of any billed loan left
//               (none here; statement PDFs and e-mails are jobs of their own and not measured);
//   risk pass   the collateral risk pass's selection, when services/risk/run-risk-pass.ts exports
//               riskPassSelectionSql.
// Time per loan at 1 million within FLATNESS_BUDGET_RATIO of 1 thousand is flat. The plan of each
// statement (EXPLAIN (ANALYZE, BUFFERS), run in a transaction that is rolled back) is printed at
// every size.
//
// BENCH_SWEEP_LOANS=1000 limits the sizes (comma-separated), e.g. to try the part quickly.
import { join } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { call } from './http.mjs';
import { cpuOf } from './process-cpu.mjs';
import { contract } from './sandbox.mjs';
import { embeddedDatabaseUrl } from './lists.mjs';

const serverSource = new URL('../../apps/server/src/', import.meta.url).pathname;
const load = (path) => tsImport(join(serverSource, path), import.meta.url);
const { accrueInterestPage } = await load('services/servicing/accrue-interest.ts');
const { issueStatementsPage, rollOverPeriodsPage } = await load(
  'services/servicing/issue-statements.ts',
);
const { drainPages } = await load('services/servicing/drain-pages.ts');
const schema = await load('db/schema/index.ts');
const { drizzle } = await tsImport('drizzle-orm/node-postgres', import.meta.url);

export const SWEEP_SIZES = (process.env.BENCH_SWEEP_LOANS ?? '1000,1000000')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isSafeInteger(size) && size > 0);
/** Time per loan at the largest size may be at most this many times that at the smallest. */
export const FLATNESS_BUDGET_RATIO = 2;
/** Synthetic borrowers hold this many loans each. */
const LOANS_PER_BORROWER = 4;
/** The tables the copies go into, in load order. */
const SEEDED_TABLES = ['identities', 'applications', 'offers', 'servicing_loans', 'ledger_entries'];
const TEMPLATE_LOAN = { collateralType: 'BTC', coinQuantity: '2', drawAmount: 25_000, state: 'OH' };

const SWEEPS = {
  accrual: 'daily accrual',
  statements: 'statement cycle',
  riskPass: 'risk pass selection',
};

/**
 * The hook of the collateral risk pass: its selection statement when services/risk/run-risk-pass.ts
 * exports riskPassSelectionSql (a drizzle SQL, or a function of { asOf, now } answering one), else
 * null and the part says it was not measured.
 */
async function riskPassSelection(input) {
  let module;
  try {
    module = await load('services/risk/run-risk-pass.ts');
  } catch {
    return null;
  }
  const selection = module.riskPassSelectionSql;
  if (selection === undefined) return null;
  return typeof selection === 'function' ? selection(input) : selection;
}

/** A drizzle database on one client that remembers every statement it sends. */
function recordingDb(client) {
  const sent = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => sent.push({ query, params }) },
  });
  return { db, sent };
}

/** Prices the risk pass values the loans at (each set is an accepted price observation). */
const PRICES_USD = { BTC: 60_000, ETH: 3_000 };

async function makeTemplateLoan(base) {
  await call(base, contract.postSandboxPrices.path, { method: 'POST', body: PRICES_USD });
  const email = `bench-sweeps-${Date.now()}@example.com`;
  const answer = await call(base, contract.postSandboxLoan.path, {
    method: 'POST',
    body: { email, ...TEMPLATE_LOAN },
    expect: 201,
  });
  return answer.loanUuid;
}

async function columnsOf(client, table, excluded) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
        AND column_default IS DISTINCT FROM 'nextval(''' || $1 || '_id_seq''::regclass)'
      ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name).filter((name) => !excluded.includes(name));
}

/** The template's state before any sweep ran, to put it back before each size. */
async function snapshotTemplate(client, loanUuid) {
  const { rows } = await client.query(
    `SELECT to_jsonb(s) AS servicing, (SELECT max(id) FROM ledger_entries) AS last_entry
       FROM servicing_loans s WHERE s.loan_uuid = $1`,
    [loanUuid],
  );
  if (rows[0] === undefined) throw new Error(`The sandbox loan ${loanUuid} has no servicing row`);
  return { loanUuid, servicing: rows[0].servicing, lastEntry: Number(rows[0].last_entry) };
}

/** Removes the copies and puts the template back as it was funded. */
async function resetBook(client, template) {
  await client.query('BEGIN');
  await client.query(`SET LOCAL session_replication_role = replica`);
  for (const table of ['servicing_statements', 'ledger_entries', 'servicing_loans']) {
    await client.query(
      `DELETE FROM ${table} t USING applications a
        WHERE a.uuid = t.loan_uuid AND a.identity_uuid IN (SELECT uuid FROM identities
                                                           WHERE email LIKE 'bench-loan-borrower-%')`,
    );
  }
  await client.query(
    `DELETE FROM offers WHERE application_uuid IN (SELECT a.uuid FROM applications a JOIN identities i
       ON i.uuid = a.identity_uuid WHERE i.email LIKE 'bench-loan-borrower-%')`,
  );
  await client.query(
    `DELETE FROM applications WHERE identity_uuid IN (SELECT uuid FROM identities
                                                      WHERE email LIKE 'bench-loan-borrower-%')`,
  );
  await client.query(`DELETE FROM identities WHERE email LIKE 'bench-loan-borrower-%'`);
  await client.query(`DELETE FROM servicing_statements WHERE loan_uuid = $1`, [template.loanUuid]);
  await client.query(`DELETE FROM ledger_entries WHERE loan_uuid = $1 AND id > $2`, [
    template.loanUuid,
    template.lastEntry,
  ]);
  const columns = await columnsOf(client, 'servicing_loans', ['loan_uuid']);
  await client.query(
    `UPDATE servicing_loans s SET (${columns.join(', ')}) =
       (SELECT ${columns.map((name) => `r.${name}`).join(', ')}
          FROM jsonb_populate_record(NULL::servicing_loans, $2::jsonb) r)
      WHERE s.loan_uuid = $1`,
    [template.loanUuid, JSON.stringify(template.servicing)],
  );
  await client.query('COMMIT');
}

/** The secondary indexes (not backing a constraint) of the seeded tables, dropped for the load. */
async function dropSecondaryIndexes(client) {
  const { rows } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [SEEDED_TABLES],
  );
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.definition);
}

/**
 * Copies 1..count of the template loan: loan k is md5('bench-loan-' || k), its offer
 * md5('bench-loan-offer-' || k), its borrower md5('bench-loan-borrower-' || k / 4); each journal of
 * the template becomes a journal of its own per copy.
 */
async function seedCopies(client, template, count) {
  const loan = `md5('bench-loan-' || k)::uuid`;
  const borrower = `md5('bench-loan-borrower-' || (k / ${LOANS_PER_BORROWER}))::uuid`;
  const series = `generate_series(1, ${count}::bigint) AS k`;
  const list = (prefix, columns) => columns.map((name) => `${prefix}${name}`).join(', ');
  const applicationColumns = await columnsOf(client, 'applications', [
    'uuid',
    'identity_uuid',
    'selected_offer_uuid',
    'idempotency_key',
  ]);
  const offerColumns = await columnsOf(client, 'offers', ['uuid', 'application_uuid']);
  const servicingColumns = await columnsOf(client, 'servicing_loans', [
    'loan_uuid',
    'identity_uuid',
  ]);
  const entryColumns = await columnsOf(client, 'ledger_entries', [
    'journal_uuid',
    'loan_uuid',
    'reverses_journal_uuid',
    'payment_uuid',
  ]);
  const timings = {};
  const timed = async (table, sql, params) => {
    const started = Date.now();
    await client.query(sql, params);
    timings[table] = Math.round((Date.now() - started) / 100) / 10;
  };
  await client.query('BEGIN');
  await client.query(`SET LOCAL session_replication_role = replica`);
  const indexes = await dropSecondaryIndexes(client);
  await timed(
    'identities',
    `INSERT INTO identities (uuid, email, organization_code, created_at, updated_at)
     SELECT md5('bench-loan-borrower-' || b)::uuid, 'bench-loan-borrower-' || b || '@example.com',
            i.organization_code, i.created_at, i.updated_at
       FROM generate_series(0, ${Math.floor(count / LOANS_PER_BORROWER)}::bigint) AS b, identities i
      WHERE i.uuid = $1`,
    [template.servicing.identity_uuid],
  );
  await timed(
    'applications',
    `INSERT INTO applications (uuid, identity_uuid, selected_offer_uuid, idempotency_key,
                               ${list('', applicationColumns)})
     SELECT ${loan}, ${borrower}, md5('bench-loan-offer-' || k)::uuid, NULL, ${list('a.', applicationColumns)}
       FROM ${series}, applications a WHERE a.uuid = $1`,
    [template.loanUuid],
  );
  await timed(
    'offers',
    `INSERT INTO offers (uuid, application_uuid, ${list('', offerColumns)})
     SELECT md5('bench-loan-offer-' || k)::uuid, ${loan}, ${list('o.', offerColumns)}
       FROM ${series}, applications a JOIN offers o ON o.uuid = a.selected_offer_uuid
      WHERE a.uuid = $1`,
    [template.loanUuid],
  );
  await timed(
    'servicing_loans',
    `INSERT INTO servicing_loans (loan_uuid, identity_uuid, ${list('', servicingColumns)})
     SELECT ${loan}, ${borrower}, ${list('s.', servicingColumns)}
       FROM ${series}, servicing_loans s WHERE s.loan_uuid = $1`,
    [template.loanUuid],
  );
  await timed(
    'ledger_entries',
    `INSERT INTO ledger_entries (journal_uuid, loan_uuid, reverses_journal_uuid, payment_uuid,
                                 ${list('', entryColumns)})
     SELECT md5(k || '-' || e.journal_uuid)::uuid, ${loan},
            CASE WHEN e.reverses_journal_uuid IS NOT NULL
                 THEN md5(k || '-' || e.reverses_journal_uuid)::uuid END,
            NULL, ${list('e.', entryColumns)}
       FROM ${series}, ledger_entries e WHERE e.loan_uuid = $1 AND e.id <= $2`,
    [template.loanUuid, template.lastEntry],
  );
  const started = Date.now();
  for (const definition of indexes) await client.query(definition);
  timings.indexes = Math.round((Date.now() - started) / 100) / 10;
  await client.query('COMMIT');
  await client.query(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(', ')}, servicing_statements`);
  await client.query('CHECKPOINT');
  return timings;
}

async function countLoans(client) {
  const { rows } = await client.query(
    `SELECT count(*)::bigint AS loans, (SELECT count(*)::bigint FROM ledger_entries) AS entries
       FROM servicing_loans WHERE status IN ('ACTIVE', 'MARGIN_CALL', 'MATURED')`,
  );
  return { loans: Number(rows[0].loans), entries: Number(rows[0].entries) };
}

/**
 * Runs a paged step the way the servicing sweep does (drainPages: each batch after the last one's
 * cursor, until a round moves nothing); answers the time it took and what it moved.
 */
async function untilDone(page) {
  const started = process.hrtime.bigint();
  const batches = [];
  const moved = await drainPages(async (cursor) => {
    const at = process.hrtime.bigint();
    const answer = await page(cursor);
    batches.push(Math.round(Number(process.hrtime.bigint() - at) / 1e6));
    return answer;
  });
  if (process.env.BENCH_SWEEP_BATCHES) console.log(`  batches (ms): ${batches.join(' ')}`);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, moved };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of statements as they were sent, one after the other in a transaction
 * (each sees what the ones before it wrote), then rolled back.
 */
async function explainAll(client, statements) {
  await client.query('BEGIN');
  try {
    const plans = [];
    for (const { query, params } of statements) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const plan = rows.map((row) => row['QUERY PLAN']);
      plans.push({
        plan,
        seqScans: plan.filter((line) => /Seq Scan on/.test(line)).map((line) => line.trim()),
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1]),
      });
    }
    return plans;
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The statements one pass of a step sends (recorded in a transaction rolled back), then their plans. */
async function plansOf(client, step) {
  const recorder = recordingDb(client);
  await client.query('BEGIN');
  try {
    await step(recorder.db);
  } finally {
    await client.query('ROLLBACK');
  }
  return explainAll(
    client,
    recorder.sent.filter(({ query }) => !/^(begin|commit|rollback)/i.test(query)),
  );
}

function addDays(isoDate, days) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Runs `run` and adds to its result the CPU PostgreSQL spent meanwhile (every process of the
 * server's tree named postgres: the bench's own connection runs the sweep's statements there).
 */
async function withPostgresCpu(serverPid, run) {
  const from = cpuOf(serverPid);
  const result = await run();
  return { ...result, postgresCpuMs: cpuOf(serverPid).database - from.database };
}

async function measureAtSize(client, template, serverPid) {
  const { loans, entries } = await countLoans(client);
  const { db } = recordingDb(client);
  const cycleDate = template.servicing.period_end;
  const dayBefore = addDays(cycleDate, -1);
  const now = new Date(`${cycleDate}T12:00:00Z`);
  const accrue = (database, asOf) => (after) =>
    accrueInterestPage(database, { asOf, after }).then(({ moved, next }) => ({
      count: moved,
      next,
    }));
  const cycleSteps = [
    (database) => accrue(database, cycleDate),
    (database) => (before) =>
      issueStatementsPage(database, { asOf: cycleDate, now, before }).then(({ uuids, next }) => ({
        count: uuids.length,
        next,
      })),
    (database) => (before) =>
      rollOverPeriodsPage(database, { asOf: cycleDate, before }).then(({ moved, next }) => ({
        count: moved,
        next,
      })),
  ];

  // The plans are of each step's first two batches: from the top of its index, then from the
  // first one's cursor.
  const firstTwo = async (page) => {
    const { next } = await page(null);
    if (next !== null) await page(next);
  };
  const plans = {
    accrual: await plansOf(client, (database) => firstTwo(accrue(database, dayBefore))),
  };
  const accrual = await withPostgresCpu(serverPid, () => untilDone(accrue(db, dayBefore)));
  // The cycle's plans from the state the sweep meets on the cycle date: every loan accrued to the
  // day before, its statement not yet written.
  plans.statements = await plansOf(client, async (database) => {
    for (const step of cycleSteps) await firstTwo(step(database));
  });
  const statementsRun = { ms: 0, moved: 0, postgresCpuMs: 0 };
  for (const step of cycleSteps) {
    const run = await withPostgresCpu(serverPid, () => untilDone(step(db)));
    statementsRun.ms += run.ms;
    statementsRun.moved += run.moved;
    statementsRun.postgresCpuMs += run.postgresCpuMs;
  }
  const result = {
    loans,
    entries,
    accrual: { ...rounded(accrual, loans), plans: plans.accrual },
    statements: { ...rounded(statementsRun, loans), plans: plans.statements },
  };
  const selection = await riskPassSelection({ asOf: cycleDate, now });
  if (selection !== null) {
    const query = db.dialect.sqlToQuery(selection);
    const statement = { query: query.sql, params: query.params };
    const started = process.hrtime.bigint();
    const cpuFrom = cpuOf(serverPid);
    // Every open loan is valued; only those whose level must move are selected (none here: the
    // copies sit far below the warning level at PRICES_USD).
    const selected = await client.query(statement.query, statement.params);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const postgresCpuMs = cpuOf(serverPid).database - cpuFrom.database;
    result.riskPass = {
      ...rounded({ ms, moved: selected.rowCount ?? 0, postgresCpuMs }, loans),
      plans: await explainAll(client, [statement]),
    };
  }
  return result;
}

function rounded({ ms, moved, postgresCpuMs }, loans) {
  return {
    ms: Math.round(ms),
    moved,
    usPerLoan: Math.round(((ms * 1000) / loans) * 100) / 100,
    // PostgreSQL's CPU per loan (µs; the kernel counts CPU in 10 ms ticks, so a sweep of a
    // thousand loans reads coarsely).
    postgresCpuUsPerLoan: Math.round(((postgresCpuMs * 1000) / loans) * 100) / 100,
  };
}

/**
 * `pgbenchCpuMs`: PostgreSQL's CPU per `pgbench -N` transaction measured in the same run (the
 * throughput part), so that each sweep's cost per loan is also stated in pgbench transactions.
 */
export async function measureSweeps(base, { dataDir, pgPort, pid }, { pgbenchCpuMs } = {}) {
  const loanUuid = await makeTemplateLoan(base);
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, pgPort) });
  await client.connect();
  try {
    const template = await snapshotTemplate(client, loanUuid);
    const sizes = [];
    for (const size of SWEEP_SIZES) {
      const started = Date.now();
      await resetBook(client, template);
      const seedTables = await seedCopies(client, template, size - 1);
      const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
      const measured = await measureAtSize(client, template, pid);
      console.log(
        `sweeps: ${measured.loans} loans, ${measured.entries} ledger entries ` +
          `(${seedSeconds} s to fill: ${JSON.stringify(seedTables)})`,
      );
      sizes.push({ ...measured, seedSeconds, seedTables });
    }
    return { ...summarise(sizes), ...(pgbenchCpuMs === undefined ? {} : { pgbenchCpuMs }) };
  } finally {
    await client.end();
  }
}

function summarise(sizes) {
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  const flatness = Object.fromEntries(
    Object.keys(SWEEPS)
      .filter((key) => smallest[key] !== undefined && largest[key] !== undefined)
      .map((key) => {
        const ratio = largest[key].usPerLoan / smallest[key].usPerLoan;
        return [
          key,
          { perLoanRatio: Math.round(ratio * 100) / 100, isFlat: ratio <= FLATNESS_BUDGET_RATIO },
        ];
      }),
  );
  return { sizes, flatness, budget: { perLoanRatio: FLATNESS_BUDGET_RATIO } };
}

/** Times per loan at each size, then every statement's plan at each size. */
export function printSweeps(result) {
  console.log('\nsweeps: time per loan (whole sweep over every loan, in batches)');
  for (const size of result.sizes) {
    for (const [key, name] of Object.entries(SWEEPS)) {
      const row = size[key];
      console.log(
        `  ${String(size.loans).padStart(9)} loans  ${name.padEnd(20)}  ` +
          (row === undefined
            ? 'not measured (services/risk/run-risk-pass.ts exports no riskPassSelectionSql)'
            : `${row.ms} ms, ${row.usPerLoan} µs per loan (PostgreSQL CPU ${row.postgresCpuUsPerLoan} µs), ${row.moved} rows moved or selected`),
      );
    }
  }
  for (const size of result.sizes) {
    for (const [key, name] of Object.entries(SWEEPS)) {
      for (const [index, plan] of (size[key]?.plans ?? []).entries()) {
        console.log(
          `\nEXPLAIN (ANALYZE, BUFFERS) at ${size.loans} loans: ${name}, statement ${index + 1}`,
        );
        for (const line of plan.plan) console.log(`  ${line}`);
        console.log(
          `  → sequential scans: ${plan.seqScans.length === 0 ? 'none' : plan.seqScans.join('; ')}`,
        );
      }
    }
  }
}

/**
 * Each sweep's cost per loan at the largest size, as DESIGN §7 states it: PostgreSQL's CPU per
 * loan, in pgbench -N transactions when the throughput part ran in the same run (shown, no goal).
 */
function sweepCostRows(result) {
  const largest = result.sizes.at(-1);
  return Object.entries(SWEEPS)
    .filter(([key]) => largest[key]?.postgresCpuUsPerLoan !== undefined)
    .map(([key, name]) => {
      const perLoanUs = largest[key].postgresCpuUsPerLoan;
      const inPgbench =
        result.pgbenchCpuMs === undefined
          ? 'pgbench -N not run in this run'
          : `${+(perLoanUs / 1000 / result.pgbenchCpuMs).toFixed(3)} pgbench -N transactions`;
      return {
        bar: `${name}: PostgreSQL CPU per loan at ${largest.loans} loans`,
        value: `${perLoanUs} µs = ${inPgbench}`,
        budget: 'stated',
        ok: true,
        info: true,
      };
    });
}

/** Bars of a sweeps result: each sweep's time per loan flat from the smallest to the largest size. */
export function sweepBars(result) {
  return [...flatnessBars(result), ...sweepCostRows(result)];
}

function flatnessBars(result) {
  const [smallest, largest] = [result.sizes[0], result.sizes.at(-1)];
  return Object.entries(SWEEPS).map(([key, name]) => {
    const flat = result.flatness[key];
    if (flat === undefined) {
      return {
        bar: `${name}: time per loan ${largest.loans} vs ${smallest.loans} loans`,
        value: 'not measured (no riskPassSelectionSql yet)',
        budget: `<= ${result.budget.perLoanRatio}x`,
        ok: key === 'riskPass',
      };
    }
    return {
      bar: `${name}: time per loan ${largest.loans} vs ${smallest.loans} loans`,
      value:
        `${largest[key].usPerLoan} / ${smallest[key].usPerLoan} µs = ${flat.perLoanRatio}x, ` +
        `${flat.isFlat ? 'flat' : 'not flat'}`,
      budget: `<= ${result.budget.perLoanRatio}x`,
      ok: flat.isFlat,
    };
  });
}
