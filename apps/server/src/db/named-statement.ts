/**
 * Raw SQL as named (prepared) statements: PostgreSQL parses and plans a named statement once per
 * connection (node-postgres remembers which names each connection has prepared), so a statement
 * on a hot path costs only its execution. A name must always carry the same text: build it from
 * constants, with the request's values as parameters (or placeholders), never spliced in.
 *
 * Drizzle's query builder has `.prepare(name)`; these are for statements written as `sql`.
 */
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from './pool.js';

const dialect = new PgDialect();

type TRowsPrepared<TRow> = {
  execute(values?: Record<string, unknown>): Promise<{ rows: TRow[] }>;
};

function prepareQuery<TRow>(db: TDb, name: string, query: Query): TRowsPrepared<TRow> {
  return db._.session.prepareQuery<{
    execute: { rows: TRow[] };
    all: unknown;
    values: unknown;
  }>(query, undefined, name, false) as TRowsPrepared<TRow>;
}

function prepare<TRow>(db: TDb, name: string, query: SQL): TRowsPrepared<TRow> {
  return prepareQuery<TRow>(db, name, dialect.sqlToQuery(query));
}

/** Runs `query`, whose values are its parameters, as the named statement `name`. */
export async function executeNamed<TRow>(db: TDb, name: string, query: SQL): Promise<TRow[]> {
  return (await prepare<TRow>(db, name, query).execute()).rows;
}

/** A value of a named statement's call, named in its SQL (`${placeholder('loanUuid')}`). */
export const placeholder = (name: string) => sql.placeholder(name);

export type TNamedStatement<TRow> = (values: Record<string, unknown>) => Promise<TRow[]>;

/** Each name's SQL text and parameters (placeholders), built once per process. */
const queries = new Map<string, Query>();

const statements = new WeakMap<TDb, Map<string, TNamedStatement<unknown>>>();

/**
 * A statement whose values are `sql.placeholder`s: built and turned into SQL text once per
 * process and name (`build` runs on first use), prepared once per database handle, then run with
 * each call's values. A transaction's handle is new every time: only the cheap preparing is
 * repeated there, not the building.
 */
export function namedStatement<TRow>(
  db: TDb,
  name: string,
  build: () => SQL,
): TNamedStatement<TRow> {
  let byName = statements.get(db);
  if (byName === undefined) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as TNamedStatement<TRow> | undefined;
  if (statement === undefined) {
    let query = queries.get(name);
    if (query === undefined) {
      query = dialect.sqlToQuery(build());
      queries.set(name, query);
    }
    const prepared = prepareQuery<TRow>(db, name, query);
    statement = async (values) => (await prepared.execute(values)).rows;
    byName.set(name, statement as TNamedStatement<unknown>);
  }
  return statement;
}

/**
 * A query builder's prepared statement (`.prepare(name)`), made once per database handle on its
 * first use (`build`), so that PostgreSQL parses and plans it once per connection and no request
 * builds its SQL again.
 */
export function preparedPerPool<TPrepared>(build: (db: TDb) => TPrepared): (db: TDb) => TPrepared {
  const byDb = new WeakMap<TDb, TPrepared>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
