import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { HubError } from '../errors.js';

/**
 * How long a client is asked to wait before trying again after a database fault: long enough for
 * a failover or a restart to finish, short enough that the person is not kept waiting for nothing.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database could not be reached or stopped answering on a connection: a connection could not
 * be had in time, it was lost mid-query, or a query got no answer at all. The PostgreSQL pool
 * raises it where only it knows that the failure was the connection's, not the query's.
 */
export class ConnectionFault extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ConnectionFault';
  }
}

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "wrong query": a new attempt in a moment can
 * succeed. Class 08 (connection exception) and 53 (insufficient resources) as a whole.
 */
const transientSqlStates = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available: lock_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const transientSqlStateClasses = new Set(['08', '53']);

/** Socket errors of a connection that went away or never came. */
const networkErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Why PostgreSQL refused a named prepared statement that the connection can no longer use, if it did
 * (storage/database.ts): `schema` when a schema change altered the columns a prepared `select *`
 * returns (a rolling upgrade); `pooler` when the server does not have the statement (26000) or already
 * has one of the name (42P05), because a pooler shares the connection behind the hub's back
 * (PgBouncer before 1.21, or without `max_prepared_statements`, in transaction pooling).
 */
export const unusablePreparedStatement = (error: unknown): 'schema' | 'pooler' | undefined => {
  const code = codeOf(error);
  if (code === '26000' || code === '42P05') return 'pooler';
  // The server's function that raised it, which the message's language (lc_messages) does not change.
  const { routine, message } = error as { routine?: unknown; message?: unknown };
  if (
    code === '0A000' &&
    (routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(String(message)))
  )
    return 'schema';
  return undefined;
};

/**
 * THE classification of database errors: true when the failure is the database's availability
 * (unreachable, lost, busy, too slow), which a client should retry, and false for everything else
 * (a constraint, a bad query), which stays what it was. One list for both dialects.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (error instanceof ConnectionFault) return true;
  const code = codeOf(error);
  if (!code) return false;
  // better-sqlite3: another connection holds the lock past busy_timeout (SQLITE_BUSY_SNAPSHOT, …).
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  if (networkErrorCodes.has(code)) return true;
  return (
    /^[0-9A-Z]{5}$/.test(code) &&
    (transientSqlStates.has(code) || transientSqlStateClasses.has(code.slice(0, 2)))
  );
};

/** The API's answer to a database fault: 503 `service.unavailable` with Retry-After; the cause is kept for the log. */
export const serviceUnavailable = (cause: unknown) =>
  new HubError('service.unavailable', { retryAfter: DATABASE_RETRY_AFTER_SECONDS, cause });

/** A query's failure as the hub raises it: `service.unavailable` for a fault, else the error itself. */
export const classifiedFailure = (error: unknown): unknown =>
  isDatabaseUnavailable(error) ? serviceUnavailable(error) : error;

const mapped = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw classifiedFailure(error);
  }
};

/** A connection whose failures come out classified; the dialect's own connection is kept for its driver. */
class MappedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiledQuery: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
    return mapped(() => this.inner.executeQuery<R>(compiledQuery));
  }

  async *streamQuery<R>(
    compiledQuery: Parameters<DatabaseConnection['streamQuery']>[0],
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw classifiedFailure(error);
    }
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof MappedConnection ? connection.inner : connection;

type SavepointArgs = [savepointName: string, compileQuery: Parameters<NonNullable<Driver['savepoint']>>[2]];

class MappedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return mapped(() => this.inner.init());
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new MappedConnection(await mapped(() => this.inner.acquireConnection()));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return mapped(() => this.inner.beginTransaction(innerOf(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection) {
    return mapped(() => this.inner.commitTransaction(innerOf(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return mapped(() => this.inner.rollbackTransaction(innerOf(connection)));
  }
  savepoint(connection: DatabaseConnection, ...args: SavepointArgs) {
    return mapped(() => this.savepointStep('savepoint')(innerOf(connection), ...args));
  }
  rollbackToSavepoint(connection: DatabaseConnection, ...args: SavepointArgs) {
    return mapped(() => this.savepointStep('rollbackToSavepoint')(innerOf(connection), ...args));
  }
  releaseSavepoint(connection: DatabaseConnection, ...args: SavepointArgs) {
    return mapped(() => this.savepointStep('releaseSavepoint')(innerOf(connection), ...args));
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }

  private savepointStep(name: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const step = this.inner[name]?.bind(this.inner);
    if (!step) throw new Error(`the database driver has no ${name}`);
    return step;
  }
}

/**
 * The dialect with every failure of the database itself turned into `service.unavailable` at the
 * one place all queries pass: whatever runs a query (a route, a transaction, the mail worker, the
 * key ring) sees a HubError the error handler answers with 503, and code that lets HubErrors
 * through (rather than reading a failure as "not found" or "lost a race") does the right thing.
 */
export const withFaultMapping = (dialect: Dialect): Dialect => ({
  createAdapter: () => dialect.createAdapter(),
  createDriver: () => new MappedDriver(dialect.createDriver()),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createIntrospector: (db) => dialect.createIntrospector(db),
});
