import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpTestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { strayFlow } from '../test-support/flows.js';
import { auditInsertColumns } from './audit.js';
import { createFlowQueries, flowColumns } from './flows.js';
import { sessionColumns } from './sessions.js';

describe.each(testDialects)('precompiled statements on %s', (dialect) => {
  const ctx = setUpTestHub(dialect);
  /** What a read of the flow `tag` came to: 'row', 'missing', or the error's code. */
  const outcomeOf = (tag: string, read: Promise<{ id: string } | undefined>) =>
    read.then(
      (row) => (row?.id === tag ? 'row' : 'missing'),
      (error: { code?: string }) => error.code ?? String(error),
    );
  const readOutcome = (tag: string) => outcomeOf(tag, createFlowQueries(ctx.db).findById(tag));

  /**
   * A precompiled insert names its columns once (precompiled.ts): a column a migration adds to the
   * table but not to the list would be left out of every row without a word. Each list must be the
   * table's columns (the generated id of an audit row aside).
   */
  it.each([
    ['sessions', sessionColumns, []],
    ['flows', flowColumns, []],
    ['audit_events', auditInsertColumns, ['id']],
  ] as const)('%s names every column of its table', async (table, columns, generated) => {
    const tables = await ctx.db.introspection.getTables();
    const actual = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    expect([...columns, ...generated].sort()).toEqual([...actual].sort());
  });

  /**
   * On SQLite the precompiled statements skip Kysely's queue on the one connection (database.ts,
   * sqliteDirectRunner). A request's statement issued while another request's transaction is open on
   * that connection must wait it out, not join it: it would go with that transaction's rollback, and a
   * read would see rows nobody committed. PostgreSQL gives each its own connection; the same holds.
   */
  it("neither join another request's transaction nor see what it has not committed", async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-${Date.now()}`;
    let opened!: () => void;
    let letGo!: () => void;
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const transaction = ctx.db.transaction().execute(async (trx) => {
      await flows.insert(trx, strayFlow(`${tag}-rolled-back`));
      opened();
      await held;
      throw new Error('rolled back on purpose');
    });
    await isOpen;
    const insertOutside = flows.insert(ctx.db, strayFlow(`${tag}-kept`));
    const readOutside = flows.findById(`${tag}-rolled-back`);
    letGo();
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    await insertOutside;
    expect(await readOutside).toBeUndefined();
    expect(await flows.findById(`${tag}-kept`)).toMatchObject({ id: `${tag}-kept` });
    expect(await flows.findById(`${tag}-rolled-back`)).toBeUndefined();
  });

  /**
   * On SQLite the precompiled reads of one turn share a read transaction (sqlite-group-commit.ts).
   * A statement of Kysely's in the same turn (a transaction's begin, a write, a read of its own) ends
   * it first, and what Kysely commits is what the next precompiled read sees.
   */
  it("share a turn's read transaction without keeping Kysely's statements out of the same turn", async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-turn-${Date.now()}`;
    const readFirst = flows.findById(tag);
    const written = ctx.db.transaction().execute(async (trx) => {
      await flows.insert(trx, strayFlow(tag));
      return sql<{ n: number }>`select count(*) as n from flows where id = ${tag}`.execute(trx);
    });
    const readMeanwhile = flows.findById(`${tag}-none`);
    expect(await readFirst).toBeUndefined();
    expect(Number((await written).rows[0]?.n)).toBe(1);
    expect(await readMeanwhile).toBeUndefined();
    expect(await flows.findById(tag)).toMatchObject({ id: tag });
    const direct = flows.findById(tag);
    await ctx.db.deleteFrom('flows').where('id', '=', tag).execute();
    expect(await direct).toMatchObject({ id: tag });
    expect(await flows.findById(tag)).toBeUndefined();
  });

  it('run in order with the statements Kysely runs, and inside a transaction go with it', async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-order-${Date.now()}`;
    await flows.insert(ctx.db, strayFlow(tag));
    expect(await flows.transition(ctx.db, tag, 'identified', { state: 'password', updated_at: 1 })).toBe(
      true,
    );
    expect(await flows.transition(ctx.db, tag, 'identified', { state: 'password', updated_at: 2 })).toBe(
      false,
    );
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await flows.transition(trx, tag, 'password', { state: 'done', updated_at: 3 });
        expect((await flows.findById(tag, trx))?.state).toBe('done');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await flows.findById(tag)).toMatchObject({ state: 'password', updated_at: 1 });
  });

  /**
   * On PostgreSQL they are prepared once per connection (database.ts). A migration that adds a column
   * to a table a prepared `select *` reads (a rolling upgrade, old processes still running) makes
   * PostgreSQL refuse that statement on every connection that prepared it. Standing alone, the
   * statement runs again unnamed and nobody sees the refusal; inside a transaction the refusal has
   * aborted the transaction, which answers one 503 to be retried whole. The connection leaves the
   * pool either way. The last tests of the file, as they change a table.
   */
  it('outlive a schema change: alone a stale prepared statement runs again, in a transaction it is one 503', async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-stale-${Date.now()}`;
    await flows.insert(ctx.db, strayFlow(tag));
    const dropColumn = (column: string) =>
      sql`alter table flows drop column ${sql.ref(column)}`.execute(ctx.db);

    // Prepared on every connection the pool holds, several times over, then made stale.
    await Promise.all(Array.from({ length: 8 }, () => flows.findById(tag)));
    await sql`alter table flows add column stale_probe text`.execute(ctx.db);
    try {
      const alone = await Promise.all(Array.from({ length: 8 }, () => readOutcome(tag)));
      const after: string[] = [];
      for (let i = 0; i < 12; i += 1) after.push(await readOutcome(tag));
      expect([...alone, ...after]).toEqual(Array(20).fill('row'));
    } finally {
      await dropColumn('stale_probe');
    }

    // On one connection: the statement prepared, made stale, then run inside a transaction.
    const inTransaction = await ctx.db.connection().execute(async (connection) => {
      await flows.findById(tag, connection);
      await sql`alter table flows add column stale_probe_in_transaction text`.execute(connection);
      return outcomeOf(
        tag,
        connection.transaction().execute((trx) => flows.findById(tag, trx)),
      );
    });
    try {
      expect(inTransaction).toBe(dialect === 'postgres' ? 'service.unavailable' : 'row');
      const after: string[] = [];
      for (let i = 0; i < 12; i += 1) after.push(await readOutcome(tag));
      expect(after).toEqual(Array(12).fill('row'));
    } finally {
      await dropColumn('stale_probe_in_transaction');
    }
  });

  /**
   * Behind a pooler that shares server connections between clients (PgBouncer before 1.21 in
   * transaction pooling), a statement prepared on one server connection is missing on the next. The
   * statement runs again unnamed, and the pool stops naming statements. Simulated by deallocating
   * them on the connection that prepared them.
   */
  it('stop being prepared when a pooler loses them, without a failed request', async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-pooler-${Date.now()}`;
    await flows.insert(ctx.db, strayFlow(tag));
    // On one connection: the statement prepared there (or left stale by the test before, which
    // runs again unnamed all the same), then every statement of the connection gone.
    const reads = await ctx.db.connection().execute(async (connection) => {
      const read = async () => (await flows.findById(tag, connection))?.id === tag;
      const before = await read();
      if (dialect === 'postgres') await sql`deallocate all`.execute(connection);
      return [before, await read(), await read()];
    });
    expect(reads).toEqual([true, true, true]);
    if (dialect !== 'postgres') return;
    // Named no more: on one connection with none prepared, the read leaves none prepared either,
    // and even inside a transaction it cannot be refused.
    const prepared = await ctx.db.transaction().execute(async (trx) => {
      await sql`deallocate all`.execute(trx);
      expect((await flows.findById(tag, trx))?.id).toBe(tag);
      return sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(trx);
    });
    expect(prepared.rows[0]?.n).toBe(0);
  });
});
