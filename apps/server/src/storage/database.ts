import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
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
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return wrap(db, 'sqlite');
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
