import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type SqliteDatabase as KyselySqlite, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface HubDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** Opens SQLite (`sqlite:<path>` or `sqlite::memory:`) or PostgreSQL (`postgres://…`). */
export const openDatabase = (url: string, options: { poolSize?: number } = {}): HubDatabase => {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.poolSize ?? 10);
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
};

const openSqlite = (path: string): HubDatabase => {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // No memory-mapped reads: pages the hub touched would stay in its RSS (docs/performance.md);
  // the OS page cache serves them instead, and the hot ones stay in SQLite's own cache.
  sqlite.pragma('mmap_size = 0');
  sqlite.pragma('cache_size = -8192');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return wrap(db, 'sqlite');
};

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on each prepare: a tenth of a
 * look-up's CPU in profiles (docs/performance.md). The hub's queries are few and parameterized, so
 * each compiled statement is kept (bounded) and reused. Kysely runs one statement at a time on the
 * single connection, so a statement is never in use twice at once.
 */
const withStatementCache = (sqlite: SqliteDatabase.Database): KyselySqlite => {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
};

const openPostgres = (url: string, max: number): HubDatabase => {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (error) => console.error('postgres pool error', error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, 'postgres');
};

const wrap = (db: Kysely<Database>, dialect: Dialect): HubDatabase => ({
  db,
  dialect,
  async ping() {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  },
  close: () => db.destroy(),
});
