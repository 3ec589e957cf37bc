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
  /** What reading the flow `tag` came to: 'row', 'missing', or the error's code. */
  const readOutcome = (tag: string) =>
    createFlowQueries(ctx.db)
      .findById(tag)
      .then(
        (row) => (row?.id === tag ? 'row' : 'missing'),
        (error: { code?: string }) => error.code ?? String(error),
      );

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
   * PostgreSQL refuse that statement on every connection that prepared it: each such connection
   * answers one 503 and leaves the pool, and the statement runs again on fresh ones. The last test
   * of the file, as it changes a table.
   */
  it('outlive a schema change: a stale prepared statement costs its connection one 503, then works', async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-stale-${Date.now()}`;
    await flows.insert(ctx.db, strayFlow(tag));
    // On every connection the pool holds, several times over: prepared wherever it can be.
    await Promise.all(Array.from({ length: 8 }, () => flows.findById(tag)));
    await sql`alter table flows add column stale_probe text`.execute(ctx.db);
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        outcomes.push(await readOutcome(tag));
      }
      const refused = outcomes.filter((o) => o !== 'row');
      // Only a fault, at most once per connection, and the last runs all read the row.
      expect(new Set(refused)).toEqual(new Set(dialect === 'postgres' ? ['service.unavailable'] : []));
      if (dialect === 'postgres') expect(refused.length).toBeGreaterThan(0);
      expect(outcomes.slice(-8)).toEqual(Array(8).fill('row'));
    } finally {
      await sql`alter table flows drop column stale_probe`.execute(ctx.db);
    }
  });

  /**
   * Behind a pooler that shares server connections between clients (PgBouncer before 1.21 in
   * transaction pooling), a statement prepared on one server connection is missing on the next: the
   * pool answers that request with a 503 and stops naming statements. Simulated by deallocating them
   * on the connection the pool hands out next (the last one it took back).
   */
  it('stop being prepared when a pooler loses them: one 503, then they run unnamed', async () => {
    const flows = createFlowQueries(ctx.db);
    const tag = `${dialect}-pooler-${Date.now()}`;
    await flows.insert(ctx.db, strayFlow(tag));
    const outcome = () => readOutcome(tag);
    // The test before left statements stale on the connections (its column is gone again).
    for (let i = 0; i < 20 && (await outcome()) !== 'row'; i += 1);
    expect(await outcome()).toBe('row');
    if (dialect === 'postgres') await sql`deallocate all`.execute(ctx.db);
    const outcomes = [await outcome(), await outcome(), await outcome()];
    expect(outcomes).toEqual(
      dialect === 'postgres' ? ['service.unavailable', 'row', 'row'] : ['row', 'row', 'row'],
    );
  });
});
