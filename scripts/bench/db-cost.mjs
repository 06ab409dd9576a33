// Where a request's database work goes, from pg_stat_statements (the bench's server starts its
// embedded PostgreSQL with EMBEDDED_PG_STAT_STATEMENTS=true) and the WAL position: between a reset
// and a reading, each statement's calls, rows, buffers touched, WAL records and bytes and
// execution time, divided by the requests sent meanwhile. These do not depend on how busy the
// machine is (the execution time does, a little), so they compare from run to run where req/s
// and latency do not. Background work (a job, a sweep) that ran meanwhile shows as statements of
// its own with a fraction of a call per request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** Statements printed per measured endpoint (the dearest first; BENCH_TOP_STATEMENTS sets it). */
const TOP_STATEMENTS = Number(process.env.BENCH_TOP_STATEMENTS ?? 8);
/** A statement's text as printed: its start, on one line. */
const QUERY_CHARS = 110;

/** The superuser password of the server's embedded PostgreSQL (written by its first boot). */
export function embeddedPassword(server) {
  return readFileSync(join(server.dataDir, 'keys/embedded-pg-password'), 'utf8').trim();
}

/** A client of the server's embedded PostgreSQL as its superuser, on the given database. */
export async function embeddedClient(server, database) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.pgPort,
    user: 'postgres',
    password: embeddedPassword(server),
    database,
  });
  // The server stopping ends the connection: not an error of the bench.
  client.on('error', () => {});
  await client.connect();
  return client;
}

const round = (value, digits = 2) => +Number(value).toFixed(digits);

/**
 * Opens pg_stat_statements on the server's database; `measure(run, units)` runs `run` between a
 * reset and a reading and answers the cost per unit (`units` a number or a function of run's
 * result): totals and the dearest statements; `cost` is undefined when the server's PostgreSQL
 * did not load the extension (an older server, or a database of its own).
 */
export async function openStatementCost(server) {
  const client = await embeddedClient(server, 'pledge');
  try {
    const { rows } = await client.query(
      "SELECT current_setting('shared_preload_libraries') AS preload",
    );
    if (!String(rows[0]?.preload ?? '').includes('pg_stat_statements')) {
      await client.end();
      return { measure: async (run) => ({ result: await run(), cost: undefined }), close() {} };
    }
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  } catch (error) {
    await client.end();
    throw error;
  }
  const read = async () => {
    const { rows } = await client.query(
      `SELECT query, calls, rows, shared_blks_hit + shared_blks_read AS blocks,
         shared_blks_dirtied AS dirtied, wal_records, wal_fpi, wal_bytes,
         total_exec_time AS exec_ms, total_plan_time AS plan_ms
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'`,
    );
    return rows;
  };
  return {
    async measure(run, units) {
      await client.query('SELECT pg_stat_statements_reset()');
      const {
        rows: [{ lsn: from }],
      } = await client.query('SELECT pg_current_wal_lsn() AS lsn');
      const result = await run();
      const {
        rows: [{ bytes }],
      } = await client.query('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes', [from]);
      const statements = await read();
      const count = typeof units === 'function' ? units(result) : units;
      return { result, cost: costPerUnit(statements, Number(bytes), count) };
    },
    close: () => client.end(),
  };
}

/** Sums and the dearest statements of a pg_stat_statements reading, per unit of work. */
export function costPerUnit(statements, walBytes, units) {
  const per = (value) => Number(value) / units;
  const sum = (key) => statements.reduce((total, row) => total + Number(row[key]), 0);
  const top = [...statements]
    .sort((a, b) => Number(b.exec_ms) + Number(b.plan_ms) - Number(a.exec_ms) - Number(a.plan_ms))
    .slice(0, TOP_STATEMENTS)
    .map((row) => ({
      query: row.query.replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS),
      callsPerRequest: round(per(row.calls), 3),
      rows: round(per(row.rows)),
      blocks: round(per(row.blocks)),
      walRecords: round(per(row.wal_records)),
      walBytes: Math.round(per(row.wal_bytes)),
      execMs: round(per(row.exec_ms), 4),
      planMs: round(per(row.plan_ms), 4),
    }));
  return {
    requests: units,
    statements: round(per(sum('calls'))),
    rows: round(per(sum('rows'))),
    blocks: round(per(sum('blocks'))),
    dirtied: round(per(sum('dirtied'))),
    walRecords: round(per(sum('wal_records'))),
    walFullPages: round(per(sum('wal_fpi'))),
    /** Of the statements (pg_stat_statements). */
    statementWalBytes: Math.round(per(sum('wal_bytes'))),
    /** Of the whole server (the WAL position), commits and background work included. */
    walBytes: Math.round(per(walBytes)),
    execMs: round(per(sum('exec_ms')), 4),
    planMs: round(per(sum('plan_ms')), 4),
    top,
  };
}

/** Prints a measured endpoint's database cost: its totals, then its dearest statements. */
export function printStatementCost(name, cost) {
  if (cost === undefined) return;
  const { top, ...totals } = cost;
  console.log(`\n${name}: database work per request`, totals);
  console.table(top);
}
