import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteGroupCommit } from './sqlite-group-commit.js';

// The writes of one turn of the event loop in one transaction, and its reads in one read
// transaction (sqlite-group-commit.ts), against a real SQLite file in WAL mode with a second
// connection: what each caller sees, and what the database holds, when every write succeeds, when
// one fails, when the transaction cannot be had, and when another process writes meanwhile.

describe('group commit on SQLite', () => {
  let dir: string;
  let file: string;
  let sqlite: SqliteDatabase.Database;
  let other: SqliteDatabase.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hub-group-commit-'));
    file = join(dir, 'hub.sqlite');
    sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 50');
    sqlite.exec('create table t (id text primary key, n integer not null)');
    other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 50');
  });
  afterEach(() => {
    other.close();
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = () => sqlite.prepare('insert into t (id, n) values (?, ?)');
  const rows = () => other.prepare('select id, n from t order by id').all();
  const notViaKysely = () => Promise.reject(new Error('not expected to go through Kysely'));
  /** The WAL's size: every commit appends the pages it changed (no checkpoint resets it here). */
  const walBytes = () => statSync(`${file}-wal`).size;

  it('commits the writes of one turn together, each caller getting its own result after the commit', async () => {
    const writes = sqliteGroupCommit(sqlite);
    const statement = insert();
    const pending = ['a', 'b', 'c'].map((id, n) => writes.write(statement, [id, n], notViaKysely));
    // Nothing is written before the turn ends: the callers wait for the commit.
    expect(rows()).toEqual([]);
    const results = await Promise.all(pending);
    expect(results.map((result) => Number(result.numAffectedRows))).toEqual([1, 1, 1]);
    expect(results.map((result) => Number(result.insertId))).toEqual([1, 2, 3]);
    // Seen by another connection as soon as each caller has its answer.
    expect(rows()).toEqual([
      { id: 'a', n: 0 },
      { id: 'b', n: 1 },
      { id: 'c', n: 2 },
    ]);
    expect(sqlite.inTransaction).toBe(false);
  });

  it('hands a write with RETURNING its rows, read inside the batch and given after the commit', async () => {
    const writes = sqliteGroupCommit(sqlite);
    await writes.write(insert(), ['a', 1], notViaKysely);
    const bump = sqlite.prepare('update t set n = n + 1 where id = ? returning id, n');
    const pending = [
      writes.write(bump, ['a'], notViaKysely),
      writes.write(insert(), ['b', 5], notViaKysely),
      writes.write(bump, ['a'], notViaKysely),
      writes.write(bump, ['none'], notViaKysely),
    ];
    // Not yet committed: another connection still sees the row as it was.
    expect(rows()).toEqual([{ id: 'a', n: 1 }]);
    const results = await Promise.all(pending);
    expect(results.map((result) => result.rows)).toEqual([[{ id: 'a', n: 2 }], [], [{ id: 'a', n: 3 }], []]);
    expect(rows()).toEqual([
      { id: 'a', n: 3 },
      { id: 'b', n: 5 },
    ]);
  });

  it('writes the pages a batch shares once, where writes alone write them each time', async () => {
    sqlite.pragma('wal_autocheckpoint = 0');
    const writes = sqliteGroupCommit(sqlite);
    const statement = insert();
    await writes.write(statement, ['0', 0], notViaKysely);
    const start = walBytes();
    for (const id of ['a', 'b', 'c']) await writes.write(statement, [id, 0], notViaKysely);
    const alone = walBytes() - start;
    await Promise.all(['d', 'e', 'f'].map((id) => writes.write(statement, [id, 0], notViaKysely)));
    const together = walBytes() - start - alone;
    // Three commits of the table's leaf and its index's against one.
    expect(together).toBeGreaterThan(0);
    expect(together * 3).toBeLessThanOrEqual(alone);
  });

  it('undoes a failing write alone: the others of its batch are committed', async () => {
    const writes = sqliteGroupCommit(sqlite);
    const statement = insert();
    await writes.write(statement, ['taken', 0], notViaKysely);
    const outcomes = await Promise.allSettled([
      writes.write(statement, ['x', 1], notViaKysely),
      writes.write(statement, ['taken', 2], notViaKysely),
      writes.write(statement, ['y', 3], notViaKysely),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(rows()).toEqual([
      { id: 'taken', n: 0 },
      { id: 'x', n: 1 },
      { id: 'y', n: 3 },
    ]);
  });

  it('fails every write of a batch whose transaction cannot be had, with a 503, and writes none', async () => {
    const writes = sqliteGroupCommit(sqlite);
    const statement = insert();
    // Another process holds the write lock past busy_timeout.
    other.exec('begin immediate');
    const outcomes = await Promise.allSettled([
      writes.write(statement, ['p', 1], notViaKysely),
      writes.write(statement, ['q', 2], notViaKysely),
    ]);
    other.exec('rollback');
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'service.unavailable' });
    }
    expect(rows()).toEqual([]);
    expect(sqlite.inTransaction).toBe(false);
    // And the next turn's writes go through once the lock is free.
    await writes.write(statement, ['r', 3], notViaKysely);
    expect(rows()).toEqual([{ id: 'r', n: 3 }]);
  });

  it("hands the writes to Kysely when a transaction holds the connection at the turn's end", async () => {
    const writes = sqliteGroupCommit(sqlite);
    const statement = insert();
    const handed: string[] = [];
    const pending = writes.write(statement, ['k', 1], () => {
      handed.push('k');
      return Promise.resolve({ rows: [], numAffectedRows: 1n });
    });
    // A transaction of another request began after the write was asked for, and awaits.
    sqlite.exec('begin');
    const result = await pending;
    sqlite.exec('rollback');
    expect(handed).toEqual(['k']);
    expect(Number(result.numAffectedRows)).toBe(1);
    expect(rows()).toEqual([]);
  });

  /** The end of the current turn of the event loop (group commit's own clock). */
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const select = () => sqlite.prepare('select id, n from t order by id');

  it("reads a turn's statements in one transaction, which the turn's end lets go of", async () => {
    const turns = sqliteGroupCommit(sqlite);
    expect(turns.read(select(), [])).toEqual([]);
    // The read lock stays for the turn's other reads: no transaction of their own each.
    expect(sqlite.inTransaction).toBe(true);
    expect(turns.reading()).toBe(true);
    expect(turns.read(select(), [])).toEqual([]);
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
    expect(turns.reading()).toBe(false);
  });

  it("sees every earlier turn's writes, and its own turn's once they are committed", async () => {
    const turns = sqliteGroupCommit(sqlite);
    await turns.write(insert(), ['a', 1], notViaKysely);
    expect(turns.read(select(), [])).toEqual([{ id: 'a', n: 1 }]);
    // A write asked for in this turn commits after the turn's reads, and is seen from then on.
    const pending = turns.write(insert(), ['b', 2], notViaKysely);
    expect(turns.read(select(), [])).toEqual([{ id: 'a', n: 1 }]);
    await pending;
    expect(turns.read(select(), [])).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
  });

  it('lets another process write while a turn reads, and shows the write from the next turn', async () => {
    const turns = sqliteGroupCommit(sqlite);
    expect(turns.read(select(), [])).toEqual([]);
    // WAL: a writer never waits for readers. The turn keeps the snapshot its first read took.
    other.prepare('insert into t (id, n) values (?, ?)').run('o', 7);
    expect(turns.read(select(), [])).toEqual([]);
    await nextTurn();
    expect(turns.read(select(), [])).toEqual([{ id: 'o', n: 7 }]);
  });

  it("ends the read transaction at once when asked (before a statement of Kysely's)", async () => {
    const turns = sqliteGroupCommit(sqlite);
    turns.read(select(), []);
    turns.endReads();
    expect(sqlite.inTransaction).toBe(false);
    // Kysely's own transaction can begin in the same turn, and the reads after it wait it out.
    sqlite.exec('begin');
    expect(turns.reading()).toBe(false);
    sqlite.exec('rollback');
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
  });

  it("survives a read that fails: the error is the caller's, and the next reads and writes go on", async () => {
    const turns = sqliteGroupCommit(sqlite);
    expect(() => turns.read(sqlite.prepare('select abs(-9223372036854775807 - 1)'), [])).toThrow(/overflow/);
    expect(turns.read(select(), [])).toEqual([]);
    await turns.write(insert(), ['w', 1], notViaKysely);
    expect(rows()).toEqual([{ id: 'w', n: 1 }]);
    expect(sqlite.inTransaction).toBe(false);
  });

  it('commits what waits at once on flush(), before the connection closes', async () => {
    const writes = sqliteGroupCommit(sqlite);
    const pending = writes.write(insert(), ['z', 9], notViaKysely);
    writes.flush();
    expect(rows()).toEqual([{ id: 'z', n: 9 }]);
    await expect(pending).resolves.toMatchObject({ numAffectedRows: 1n });
  });
});
