import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** A value no caller ever passes: it marks where a named parameter lands in the compiled query. */
const MARK = '\u0000hub-parameter:';

interface Compiled {
  query: CompiledQuery;
  /** For each parameter of the SQL, the name of the caller's value, or a constant of the query itself. */
  sources: ReadonlyArray<{ name: string } | { constant: unknown }>;
}

/**
 * Runs a compiled statement at once, without Kysely's connection handling, or answers undefined
 * when it must not (and Kysely runs it). Registered by the database that can (SQLite's one
 * connection, `database.ts`) for its root `Kysely` only: a transaction's own handle is a different
 * object, so its statements always go through Kysely on the transaction's connection.
 */
export type DirectRunner = (
  sql: string,
  parameters: readonly unknown[],
  /** The same statement through Kysely, for a runner that decides only later that it must not run it. */
  viaKysely: () => Promise<QueryResult<unknown>>,
) => Promise<QueryResult<unknown>> | undefined;

const directRunners = new WeakMap<Kysely<Database>, DirectRunner>();

/**
 * The server-side name of each precompiled statement's SQL: PostgreSQL connections prepare these
 * once and then only bind new values (`database.ts`), instead of parsing and planning the same text
 * for every run. Only the precompiled statements are named: they are a few dozen fixed shapes, so
 * each connection keeps a bounded set, where naming every query would prepare one for each
 * length of an `in (…)` list.
 */
const statementNames = new Map<string, string>();

/** The prepared statement's name for `sql` if it is a precompiled statement's, else undefined. */
export const preparedStatementName = (sql: string): string | undefined => statementNames.get(sql);

/** Lets the precompiled queries run on `db` (the root handle) through `runner` when it can. */
export const runPrecompiledDirectly = (db: Kysely<Database>, runner: DirectRunner) => {
  directRunners.set(db, runner);
};

/**
 * A query of the hot paths (a login's look-up, its flow, its session, its audit row) built by
 * Kysely once per database and then run with new values only. Building and compiling a query is
 * most of what Kysely costs per query (docs/performance.md), and these queries never change shape:
 * `build` receives a placeholder for each of `names`, and every run puts the caller's values where
 * the placeholders went. A value must not change the query's shape (no undefined to leave a column
 * out, no arrays): an insert names every column. Runs on the database or on a transaction of it.
 */
export const precompiled = <P extends object, R>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<Database>, values: P) => Compilable<R>,
) => {
  // Per database: SQLite and PostgreSQL compile to different SQL, and tests open both in one process.
  const byAdapter = new WeakMap<object, Compiled>();
  const compile = (db: Kysely<Database>): Compiled => {
    const marks = Object.fromEntries(names.map((name) => [name, `${MARK}${name}`])) as unknown as P;
    const query = build(db, marks).compile();
    const sources = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK)
        ? { name: value.slice(MARK.length) }
        : { constant: value },
    );
    const used = new Set(sources.flatMap((source) => ('name' in source ? [source.name] : [])));
    const unused = names.filter((name) => !used.has(name));
    if (unused.length > 0) throw new Error(`precompiled query leaves out ${unused.join(', ')}: ${query.sql}`);
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `hub_${statementNames.size + 1}`);
    return { query, sources };
  };
  return (db: Kysely<Database>, values: P): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compile(db);
      byAdapter.set(adapter, compiled);
    }
    const parameters = compiled.sources.map((source) =>
      'name' in source ? ((values as Record<string, unknown>)[source.name] ?? null) : source.constant,
    );
    const { query } = compiled;
    const viaKysely = () => db.executeQuery<R>({ ...query, parameters });
    const direct = directRunners.get(db)?.(query.sql, parameters, viaKysely) as
      | Promise<QueryResult<R>>
      | undefined;
    return direct ?? viaKysely();
  };
};
