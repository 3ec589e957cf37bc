import { type AccountKind, normalizeIdentifier } from '@hub/core';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { HubError } from '../errors.js';
import { loginIndexCondition, loginIndexHint, perKind } from './accounts.js';
import type { Db } from './db.js';
import { precompiled } from './precompiled.js';
import type { Database, FlowsTable, VerificationCodesTable } from './schema.js';

// Every flow's insert and read, and the plain move of its state: compiled once (precompiled.ts).
export const flowColumns = [
  'id',
  'kind',
  'state',
  'platform',
  'account_id',
  'identifier',
  'identifier_kind',
  'context',
  'binding_hash',
  'attempts',
  'expires_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof FlowsTable)[];
const insertFlow = precompiled<FlowsTable, never>(flowColumns, (db, flow) =>
  db.insertInto('flows').values(flow),
);
/**
 * A flow of an account, inserted only while the account exists (`accountExists`). Migrations 0023
 * (SQLite) and 0026 (PostgreSQL) took the foreign key that checked it (its index's random writes,
 * and on PostgreSQL its lock on the account's row, slowed every look-up at a million accounts). An
 * erasure committed before this insert is seen by it; one that commits after finds the flow to
 * delete at its sweep, or on PostgreSQL, where the insert may commit after the sweep went by, at
 * the second sweep (storage/account-data.ts sweepErasedFlows).
 */
const insertIfAccount = (db: Kysely<Database>, flow: FlowsTable, accountExists: RawBuilder<SqlBool>) =>
  db
    .insertInto('flows')
    .columns(flowColumns)
    .expression(
      db.selectNoFrom(flowColumns.map((column) => sql.val(flow[column]).as(column))).where(accountExists),
    );
const insertFlowOfAccount = precompiled<FlowsTable, never>(flowColumns, (db, flow) =>
  insertIfAccount(db, flow, sql`exists (select 1 from accounts where id = ${flow.account_id})`),
);
/**
 * The same, the account checked by the identifier its flow was started with as well as by its id,
 * on its kind's login index (migrations 0025, 0027): the leaf login's look-up has just read, where
 * the id's own index is another leaf, at a million accounts most often read from the kernel. Only a
 * fast path: an identifier that is no longer the account's, or (PostgreSQL) an account without a
 * password, inserts nothing, and the check by id decides.
 */
const insertFlowOfIdentifiedAccount = perKind<FlowsTable & { key: string }, never>(
  [...flowColumns, 'key'],
  (db, flow, column, loginIndex) =>
    insertIfAccount(
      db,
      flow,
      sql`exists (select 1 from accounts${loginIndexHint(db, loginIndex)} where ${sql.ref(column)} = ${flow.key} and id = ${flow.account_id}${loginIndexCondition(db)})`,
    ),
);
const flowById = precompiled<{ id: string }, FlowsTable>(['id'], (db, { id }) =>
  db.selectFrom('flows').selectAll().where('id', '=', id),
);
const moveState = precompiled<{ id: string; from: string; state: string; updated_at: number }, never>(
  ['id', 'from', 'state', 'updated_at'],
  (db, v) =>
    db
      .updateTable('flows')
      .set({ state: v.state, updated_at: v.updated_at })
      .where('id', '=', v.id)
      .where('state', '=', v.from),
);
const onlyStateAndTime = (changes: Partial<FlowsTable>): changes is { state: string; updated_at: number } =>
  Object.keys(changes).length === 2 && changes.state !== undefined && changes.updated_at !== undefined;

export const createFlowQueries = (db: Kysely<Database>) => ({
  insert: async (trx: Db, flow: FlowsTable) => {
    if (flow.account_id === null) {
      await insertFlow(trx, flow);
      return;
    }
    const kind = flow.identifier_kind as AccountKind | null;
    // The key before the flow's columns: new keys after an opening spread are slow on Node 20
    // (docs/performance.md "Objects opened by a spread").
    const inserted =
      flow.identifier !== null &&
      kind !== null &&
      Object.hasOwn(insertFlowOfIdentifiedAccount, kind) &&
      Number(
        (
          await insertFlowOfIdentifiedAccount[kind](trx, {
            key: normalizeIdentifier(kind, flow.identifier),
            ...flow,
          })
        ).numAffectedRows,
      ) === 1;
    // The account was erased since it was read.
    if (!inserted && Number((await insertFlowOfAccount(trx, flow)).numAffectedRows) === 0)
      throw new HubError('account.not_found', { field: 'account' });
  },

  findById: async (id: string, trx: Db = db) => (await flowById(trx, { id })).rows[0],

  /**
   * Moves a flow from one state to another; false when another request moved it first. Called only
   * by flows/flow-record.ts (moveFlow, tryMoveFlow), which checks the move against the flow's table.
   */
  transition: async (trx: Db, id: string, from: string, changes: Partial<FlowsTable>) => {
    if (onlyStateAndTime(changes)) {
      const moved = await moveState(trx, {
        id,
        from,
        state: changes.state,
        updated_at: changes.updated_at,
      });
      return Number(moved.numAffectedRows) === 1;
    }
    const result = await trx
      .updateTable('flows')
      .set(changes)
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Writes a flow's other columns; never its state, which only moves by `transition`. */
  update: (trx: Db, id: string, changes: Partial<Omit<FlowsTable, 'id' | 'kind' | 'state'>>) =>
    trx.updateTable('flows').set(changes).where('id', '=', id).execute(),
});
export type FlowQueries = ReturnType<typeof createFlowQueries>;

export const createCodeQueries = (db: Kysely<Database>) => ({
  /** A new code for a flow; every earlier code of the flow dies with it (a resend kills the old code). */
  replace: async (trx: Db, code: VerificationCodesTable) => {
    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: code.created_at })
      .where('flow_id', '=', code.flow_id)
      .where('consumed_at', 'is', null)
      .execute();
    await trx.insertInto('verification_codes').values(code).execute();
  },

  /** The flow's live code, if any (not consumed; expiry and attempts are judged by the caller). */
  findLive: (flowId: string) =>
    db
      .selectFrom('verification_codes')
      .selectAll()
      .where('flow_id', '=', flowId)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),

  /**
   * Takes the code once: only one of any number of concurrent submissions updates the row, and
   * never past its expiry or its attempt limit. In the transaction that moves the code's flow
   * (flows/code-step.ts), so a code is never taken without its flow's move (issue #33).
   */
  consume: async (trx: Db, id: string, now: number, maxAttempts: number) => {
    const result = await trx
      .updateTable('verification_codes')
      .set((eb) => ({ consumed_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Counts a wrong try atomically; returns the new count, or null when the code was no longer open. */
  recordWrongTry: async (id: string, maxAttempts: number) => {
    const row = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : null;
  },
});
export type CodeQueries = ReturnType<typeof createCodeQueries>;
