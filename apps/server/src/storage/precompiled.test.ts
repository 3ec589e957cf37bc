import { describe, expect, it } from 'vitest';
import { setUpTestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { strayFlow } from '../test-support/flows.js';
import { auditInsertColumns } from './audit.js';
import { createFlowQueries, flowColumns } from './flows.js';
import { sessionColumns } from './sessions.js';

describe.each(testDialects)('precompiled statements on %s', (dialect) => {
  const ctx = setUpTestHub(dialect);

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
});
