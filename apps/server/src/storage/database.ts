import { mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqlite,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import { type HubLog, silentLog } from '../log.js';
import { ConnectionFault, classifiedFailure, unusablePreparedStatement, withFaultMapping } from './faults.js';
import { type DirectRunner, preparedStatementName, runPrecompiledDirectly } from './precompiled.js';
import type { Database } from './schema.js';
import { sqliteGroupCommit } from './sqlite-group-commit.js';

export type Dialect = 'sqlite' | 'postgres';

export interface HubDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for the metrics (SQLite has one connection, no pool). */
  poolState?: () => { total: number; idle: number; waiting: number };
}

const INT8_OID = 20;

/**
 * How long the hub waits on the database before it answers 503 (docs/resilience.md). Each bounds
 * one step, so a request waiting on a database that does not answer ends within a few of them,
 * never hangs. A statementMs of 0 turns the statement limits off (migrations).
 */
export interface DatabaseTimeouts {
  /** PostgreSQL: opening one connection (TCP, TLS, authentication). */
  connectMs: number;
  /**
   * Getting a connection for a query: a free one from the pool, or a new one opened meanwhile.
   * SQLite: how long a write waits for another process's lock (busy_timeout).
   */
  acquireMs: number;
  /**
   * PostgreSQL: the server cancels a statement running longer (statement_timeout), and ends a
   * transaction left idle twice as long. A statement with no answer at all a second after this (a
   * connection that went silent) is given up and its connection dropped.
   */
  statementMs: number;
}

/** What a process gets when it asks for no particular limits: the defaults of config.ts. */
export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5_000,
  acquireMs: 5_000,
  statementMs: 5_000,
};

/**
 * SQLite's memory for the data (docs/configuration.md "Sizing the database",
 * docs/performance.md "At a million accounts"). `cacheMib`: its own page cache, which it never gives
 * back; 2 MiB by default, whatever the file's size: at a million accounts a 48 MiB cache made the
 * look-ups spread over every account dearer (1.63× the CPU of an empty database's against 1.32×
 * with 2 MiB) and the process 40 MiB larger. 'auto' sizes it from the file at open, a 64th of it
 * between 2 and 64 MiB. `mmapMib`: how much of the file is read through a memory map
 * (no read() system call and no copy per page; the pages count in the process's resident size as
 * file pages the kernel may drop); 0 turns it off.
 */
export interface SqliteMemory {
  cacheMib: number | 'auto';
  mmapMib: number;
}

export const defaultSqliteMemory: SqliteMemory = { cacheMib: 2, mmapMib: 0 };

const MIB = 1024 * 1024;
const AUTO_CACHE_MIN_MIB = 2;
const AUTO_CACHE_MAX_MIB = 64;

/** The page cache in MiB for a database file of `fileBytes` (0 for a new or in-memory one). */
export const sqliteCacheMib = (memory: SqliteMemory, fileBytes: number) =>
  memory.cacheMib === 'auto'
    ? Math.min(AUTO_CACHE_MAX_MIB, Math.max(AUTO_CACHE_MIN_MIB, Math.ceil(fileBytes / 64 / MIB)))
    : memory.cacheMib;

const fileSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

export interface OpenDatabaseOptions {
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  /** SQLite only: its page cache and memory map (defaultSqliteMemory when not given). */
  sqliteMemory?: Partial<SqliteMemory>;
  /** Where a lost PostgreSQL connection is reported; silent when not given (tests, one-off tools). */
  log?: HubLog;
}

/** Opens SQLite (`sqlite:<path>` or `sqlite::memory:`) or PostgreSQL (`postgres://…`). */
export const openDatabase = (url: string, options: OpenDatabaseOptions = {}): HubDatabase => {
  const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts };
  if (url.startsWith('sqlite:'))
    return openSqlite(url.slice('sqlite:'.length), timeouts, {
      ...defaultSqliteMemory,
      ...options.sqliteMemory,
    });
  if (/^postgres(ql)?:\/\//.test(url))
    return openPostgres(url, options.poolSize ?? 10, timeouts, options.log ?? silentLog);
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
};

const openSqlite = (path: string, timeouts: DatabaseTimeouts, memory: SqliteMemory): HubDatabase => {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Memory-mapped reads only when asked for (SQLITE_MMAP_MIB): the pages read stay in the process's
  // resident size, which is what its memory is watched by (docs/performance.md "Memory").
  sqlite.pragma(`mmap_size = ${Math.trunc(memory.mmapMib) * MIB}`);
  // SQLite's own page cache never shrinks: 2 MiB unless SQLITE_CACHE_MIB says otherwise (see
  // SqliteMemory); the kernel's page cache holds the rest of the file outside the process.
  sqlite.pragma(
    `cache_size = -${Math.trunc(sqliteCacheMib(memory, file === ':memory:' ? 0 : fileSize(file)) * 1024)}`,
  );
  sqlite.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a lock synchronously: the process does nothing else meanwhile, so this
  // stays a few seconds; past it the write fails with SQLITE_BUSY, which answers 503.
  sqlite.pragma(`busy_timeout = ${Math.trunc(timeouts.acquireMs)}`);
  const statements = withStatementCache(sqlite);
  const turns = sqliteGroupCommit(sqlite);
  // Kysely's statements (its transactions among them) run outside the turn's read transaction.
  const kyselyStatements: StatementSource = {
    prepare: (text) => {
      turns.endReads();
      return statements.prepare(text);
    },
    close: () => statements.close(),
  };
  const db = new Kysely<Database>({
    dialect: withFaultMapping(new SqliteDialect({ database: kyselyStatements })),
  });
  runPrecompiledDirectly(db, sqliteDirectRunner(sqlite, statements, turns));
  const hub = wrap(db, 'sqlite');
  return {
    ...hub,
    close: () => {
      // Writes waiting for the end of this turn are committed before the connection goes.
      turns.flush();
      return hub.close();
    },
  };
};

/** The connection as Kysely's SQLite dialect uses it, handing out better-sqlite3's own statements. */
type StatementSource = Omit<KyselySqlite, 'prepare'> & { prepare(text: string): SqliteDatabase.Statement };

/**
 * The hot paths' precompiled statements on SQLite, run as Kysely's SQLite connection runs them but
 * without its queue: Kysely passes every query through a lock on the one connection, a connection
 * provider and the fault-mapping driver, a dozen promises and objects a statement, almost half of
 * what a login allocated (docs/performance.md). better-sqlite3 runs a statement synchronously, so
 * one run here is atomic for the event loop. It must not run while a transaction of another request
 * is open on the connection (between its begin and its commit, while it awaits): the statement
 * would join that transaction and go with its rollback. Then Kysely runs it, after the
 * transaction, as before. A read runs at once, in the read transaction the turn's reads share (the
 * one open transaction that is not another request's); a write waits for the end of the turn and
 * commits with the others of that turn (sqlite-group-commit.ts).
 */
const sqliteDirectRunner =
  (
    sqlite: SqliteDatabase.Database,
    statements: StatementSource,
    turns: ReturnType<typeof sqliteGroupCommit>,
  ): DirectRunner =>
  (text, parameters, viaKysely) => {
    if (sqlite.inTransaction && !turns.reading()) return undefined;
    try {
      const statement = statements.prepare(text);
      // A write with RETURNING is a reader too: only a statement that changes nothing runs at once.
      if (statement.readonly) return Promise.resolve({ rows: turns.read(statement, parameters) });
      return turns.write(statement, parameters, viaKysely);
    } catch (error) {
      return Promise.reject(classifiedFailure(error));
    }
  };

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on each prepare: a tenth of a
 * look-up's CPU in profiles (docs/performance.md). The hub's queries are few and parameterized, so
 * each compiled statement is kept (bounded) and reused. Statements run one at a time on the single
 * connection (Kysely's queue, or synchronously by sqliteDirectRunner), so none is in use twice at once.
 */
const withStatementCache = (sqlite: SqliteDatabase.Database): StatementSource => {
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

/** A query's answer, as far as Kysely reads it. */
type PgResult = pg.QueryResult;

/**
 * One pg.Pool behind the interface Kysely's PostgresDialect uses, made to survive any connection
 * fault (docs/resilience.md):
 *
 * - Every client has an 'error' listener for its whole life. pg emits 'error' on a client whose
 *   connection dies (a backend terminated, a failover, a cut); the pool listens only while the
 *   client is idle, so a client checked out (mid-transaction, mid-query) had none and the
 *   process died of an unhandled 'error' event. The pool drops such a client when it is released.
 * - Failing to get a connection, and a query failing because its connection was lost, become a
 *   ConnectionFault (503), whatever words pg used.
 * - A query with no answer within the statement timeout plus a second gives up and drops its
 *   connection: the server would have cancelled it by then, so the connection itself went silent
 *   (packets dropped) and nothing more will come back on it.
 * - The precompiled statements run as named prepared statements (precompiled.ts): parsed and
 *   planned once per connection. One that a schema change made stale drops its connection at its
 *   release; one that a pooler sharing connections lost turns the naming off for the pool. Either
 *   way, a statement outside a transaction runs again unnamed and succeeds; one inside a transaction
 *   has aborted it and answers 503.
 */
const resilientPool = (pool: pg.Pool, answerMs: number, log: HubLog): PostgresPool => {
  const lost = new WeakSet<pg.ClientBase>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!lost.has(client)) log.warn({ err: error }, 'postgres connection lost');
      lost.add(client);
    });
  });
  // The client's own listener has reported the error; the pool has already dropped the client.
  pool.on('error', () => {});
  let nameStatements = true;

  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw new ConnectionFault('no database connection could be had', { cause: error });
      }
      let dropped = false;
      const query = (text: string, values: readonly unknown[]) =>
        new Promise<PgResult>((resolve, reject) => {
          const timer =
            answerMs > 0
              ? setTimeout(() => {
                  dropped = true;
                  lost.add(client);
                  reject(new ConnectionFault(`the database gave no answer within ${answerMs} ms`));
                  client.connection.stream.destroy();
                }, answerMs)
              : undefined;
          const name = nameStatements ? preparedStatementName(text) : undefined;
          // Outside a transaction ('I', idle, as of the last statement's end) a statement stands alone.
          const alone = client.getTransactionStatus() === 'I';
          const run = name
            ? client.query({ name, text, values: values as unknown[] }).catch((error: unknown) => {
                const unusable = unusablePreparedStatement(error);
                if (!unusable) throw error;
                // Stale (a rolling upgrade's migration changed a table) or lost (a pooler shares the
                // connection): PostgreSQL refused the statement before running any of it. Behind
                // such a pooler, statements are not named again; a connection with stale ones, or
                // one whose transaction the refusal aborted, leaves the pool.
                if (unusable === 'pooler' && nameStatements) {
                  log.warn({ err: error }, 'postgres: prepared statements off (a pooler shares connections)');
                  nameStatements = false;
                }
                if (unusable === 'schema' || !alone) dropped = true;
                // Alone, it runs again unnamed, parsed afresh: the request never sees the refusal.
                // In a transaction, the refusal has aborted it: a 503, whose retry runs the whole again.
                if (alone) return client.query(text, values as unknown[]);
                throw new ConnectionFault(`a prepared statement could not be used (${unusable})`, {
                  cause: error,
                });
              })
            : client.query(text, values as unknown[]);
          run.then(
            (result) => {
              clearTimeout(timer);
              resolve(result);
            },
            (error: unknown) => {
              clearTimeout(timer);
              reject(
                lost.has(client)
                  ? new ConnectionFault('the database connection was lost', { cause: error })
                  : error,
              );
            },
          );
        });
      return {
        // Kysely streams through a cursor only when given one; the hub never does.
        query: query as unknown as PostgresPoolClient['query'],
        // A dropped client goes out of the pool, not back into it.
        release: () =>
          client.release(dropped || lost.has(client) ? new Error('connection dropped') : undefined),
      };
    },
    end: () => pool.end(),
  };
};

/**
 * The PostgreSQL client, loaded only when DATABASE_URL names PostgreSQL: a hub on SQLite does not
 * carry it (docs/performance.md, memory). pg is CommonJS, so it loads synchronously.
 */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

const openPostgres = (url: string, max: number, timeouts: DatabaseTimeouts, log: HubLog): HubDatabase => {
  const pg = loadPg();
  const statementLimits =
    timeouts.statementMs > 0
      ? {
          statement_timeout: timeouts.statementMs,
          // A transaction whose process went silent must not hold its row locks for long; twice the
          // statement's time, as a live transaction may do some work of its own between statements.
          idle_in_transaction_session_timeout: 2 * timeouts.statementMs,
        }
      : {};
  // pg uses one setting for the pool's wait and each connection's own opening: the client gets its own.
  const connectMs = timeouts.connectMs;
  class HubClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: HubClient,
    connectionTimeoutMillis: timeouts.acquireMs,
    ...statementLimits,
    // A pooled connection that a failover or a firewall left dead while idle is found out by TCP
    // keepalive (probes from 10 s idle) instead of waiting for a request to stumble on it.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const answerMs = timeouts.statementMs > 0 ? timeouts.statementMs + 1_000 : 0;
  const db = new Kysely<Database>({
    dialect: withFaultMapping(new PostgresDialect({ pool: resilientPool(pool, answerMs, log) })),
  });
  return {
    ...wrap(db, 'postgres'),
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
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
