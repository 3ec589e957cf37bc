import { describe, expect, it } from 'vitest';
import { setUpTestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { auditInsertColumns } from './audit.js';
import { flowColumns } from './flows.js';
import { sessionColumns } from './sessions.js';

/**
 * A precompiled insert names its columns once (precompiled.ts): a column a migration adds to the
 * table but not to the list would be left out of every row without a word. Each list must be the
 * table's columns (the generated id of an audit row aside).
 */
describe.each(testDialects)('precompiled inserts on %s', (dialect) => {
  const ctx = setUpTestHub(dialect);

  it.each([
    ['sessions', sessionColumns, []],
    ['flows', flowColumns, []],
    ['audit_events', auditInsertColumns, ['id']],
  ] as const)('%s names every column of its table', async (table, columns, generated) => {
    const tables = await ctx.db.introspection.getTables();
    const actual = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    expect([...columns, ...generated].sort()).toEqual([...actual].sort());
  });
});
