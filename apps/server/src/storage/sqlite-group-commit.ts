import { setImmediate as afterThisTurn } from 'node:timers';
import type SqliteDatabase from 'better-sqlite3';
import type { QueryResult } from 'kysely';
import { classifiedFailure } from './faults.js';

type Result = QueryResult<unknown>;

/**
 * What a write needs of a prepared statement (better-sqlite3's, as Kysely's dialect sees it). A
 * write with `RETURNING` is a `reader`: its rows are its result, as Kysely's SQLite driver reads them.
 */
interface WriteStatement {
  readonly reader: boolean;
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  all(parameters: readonly unknown[]): unknown[];
}

interface Pending {
  statement: WriteStatement;
  parameters: readonly unknown[];
  /** The same statement through Kysely's queue, for when a transaction holds the connection. */
  viaKysely: () => Promise<Result>;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: Result } | { ok: false; error: unknown };

const execute = ({ statement, parameters }: Pending): Result => {
  if (statement.reader) return { rows: statement.all(parameters) };
  const info = statement.run(parameters);
  return { numAffectedRows: BigInt(info.changes), insertId: BigInt(info.lastInsertRowid), rows: [] };
};

/**
 * The reads of one turn of the event loop in one read transaction: the first read of a turn begins
 * it, the end of the turn (`atTurnEnd`, the group commit's flush, before its writes) or a statement
 * of Kysely's ends it. Each statement on its own is a transaction of its own, and in WAL mode every
 * transaction takes and drops a read lock on the shared-memory file, two `fcntl` system calls: a
 * look-up read twice, so four of its seven system calls were these locks (docs/performance.md
 * "Reads in one transaction a turn"). The reads of a turn see one snapshot, the one the turn's
 * first read took: this process's writes all commit at the end of a turn or through Kysely, both
 * after the reads are ended, so only another process's (HUB_WORKERS, the CLI) can land meanwhile,
 * and a read sees it at the next turn.
 */
const turnReads = (sqlite: SqliteDatabase.Database, endTransaction: () => void, atTurnEnd: () => void) => {
  let reading = false;
  const begin = sqlite.prepare('BEGIN');
  /** A read transaction changed nothing: ending it only lets go of the read lock. */
  const end = () => {
    if (!reading) return;
    reading = false;
    endTransaction();
  };
  return {
    read: (statement: Pick<WriteStatement, 'all'>, parameters: readonly unknown[]): unknown[] => {
      if (!reading) {
        begin.run();
        reading = true;
        atTurnEnd();
      }
      return statement.all(parameters);
    },
    reading: () => reading,
    end,
  };
};

/**
 * Group commit for the precompiled writes on SQLite (docs/performance.md "Group commit"): the
 * writes that requests issue in one turn of the event loop are run together, after it, in one
 * transaction. A write on its own commits alone, as before. Why: on its own a write is a
 * transaction of its own, and its commit is most of its cost: a dozen system calls (the WAL's
 * frames, its index's locks) and, every thousand pages, a checkpoint's `fsync`; a look-up's flow
 * insert made fifteen of them. Several writes in one commit share those, and the pages they share
 * (the tail of a table, an index's leaf) are written once.
 *
 * A write with `RETURNING` (a login's reservation of a password attempt) joins the batch as any
 * other, its rows read inside the transaction and handed over after the commit.
 *
 * Each write keeps its own outcome: a write that fails (a constraint) is undone alone, as SQLite
 * undoes any failed statement, and only its caller sees the error; a failure of the transaction itself (the
 * lock not had within busy_timeout, a full disk) fails every write in it, none half-done, as each
 * would have failed alone. A caller's promise settles only after the commit, so what it does next
 * sees its write, and no other request sees a write before it is committed. While a transaction
 * of Kysely's holds the connection (its statements await between `BEGIN` and `COMMIT`), the writes
 * go through Kysely's queue after it instead, as sqliteDirectRunner's reads do.
 *
 * The reads of a turn share one read transaction (turnReads above), ended before the turn's writes.
 *
 * The next turn is taken with `node:timers`' own setImmediate, which a test's fake timers do not
 * replace. `flush()` runs what is waiting at once, before the connection closes.
 */
export const sqliteGroupCommit = (sqlite: SqliteDatabase.Database) => {
  let waiting: Pending[] = [];
  let scheduled = false;
  const begin = sqlite.prepare('BEGIN IMMEDIATE');
  const commit = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');

  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      afterThisTurn(flush);
    }
  };

  /**
   * Rolls back the open transaction, if SQLite has not already ended it (an I/O error does). A
   * connection past saving (closed, its file gone) fails its next statement instead.
   */
  const rollBack = () => {
    try {
      if (sqlite.inTransaction) rollback.run();
    } catch {
      // The next statement on the connection says what is wrong with it.
    }
  };

  const reads = turnReads(sqlite, rollBack, schedule);

  const runAlone = (write: Pending) => {
    try {
      write.resolve(execute(write));
    } catch (error) {
      write.reject(classifiedFailure(error));
    }
  };

  /**
   * One write inside the batch's transaction. SQLite undoes a failed statement alone (a constraint;
   * the hub's statements have no OR ROLLBACK or OR FAIL, and its tables no triggers), unless the
   * failure ended the transaction itself (a full disk, an I/O error): then the batch's earlier
   * writes are gone with it, and the whole batch fails.
   */
  const runInBatch = (write: Pending): Outcome => {
    try {
      return { ok: true, result: execute(write) };
    } catch (error) {
      if (!sqlite.inTransaction) throw error;
      return { ok: false, error };
    }
  };

  const runTogether = (batch: Pending[]) => {
    let outcomes: Outcome[];
    try {
      begin.run();
      outcomes = batch.map(runInBatch);
      commit.run();
    } catch (error) {
      // The writes fail as they would alone.
      rollBack();
      for (const write of batch) write.reject(classifiedFailure(error));
      return;
    }
    batch.forEach((write, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) write.resolve(outcome.result);
      else write.reject(classifiedFailure(outcome.error));
    });
  };

  const flush = () => {
    scheduled = false;
    reads.end();
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    if (sqlite.inTransaction) {
      for (const write of batch) write.viaKysely().then(write.resolve, write.reject);
    } else if (batch.length === 1) {
      runAlone(batch[0] as Pending);
    } else {
      runTogether(batch);
    }
  };

  return {
    /** Runs `statement` (a write) with the others of this turn, once the turn is over. */
    write: (statement: WriteStatement, parameters: readonly unknown[], viaKysely: () => Promise<Result>) =>
      new Promise<Result>((resolve, reject) => {
        waiting.push({ statement, parameters, viaKysely, resolve, reject });
        schedule();
      }),
    /** Runs `statement` (a read) at once, in the turn's read transaction (turnReads). */
    read: reads.read,
    /** True while the open transaction is the turn's reads (not Kysely's, which the writes wait for). */
    reading: reads.reading,
    /** Ends the turn's reads now: before a statement of Kysely's, which may begin a transaction. */
    endReads: reads.end,
    flush,
  };
};
