import type { AppEnv } from '@hub/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ToolCallbacksTable, ToolsTable } from './schema.js';

export type ToolRow = ToolsTable;
export type ToolCallbackRow = ToolCallbacksTable;

/** The tool registry: tools, the tsa keys that name them, and their callbacks per environment. */
export const createToolQueries = (db: Kysely<Database>) => ({
  findByTid: (tid: number) => db.selectFrom('tools').selectAll().where('tid', '=', tid).executeTakeFirst(),

  findByKey: (tsaKey: string) =>
    db
      .selectFrom('tool_keys')
      .innerJoin('tools', 'tools.tid', 'tool_keys.tid')
      .selectAll('tools')
      .where('tool_keys.tsa_key', '=', tsaKey)
      .executeTakeFirst(),

  list: () => db.selectFrom('tools').selectAll().orderBy('tid').execute(),

  keysOf: (tid: number) =>
    db.selectFrom('tool_keys').select('tsa_key').where('tid', '=', tid).orderBy('tsa_key').execute(),

  /** A tool's callbacks for one environment, first (the checkout URL where there is one) first. */
  callbacks: (tid: number, env: AppEnv) =>
    db
      .selectFrom('tool_callbacks')
      .selectAll()
      .where('tid', '=', tid)
      .where('env', '=', env)
      .orderBy('position')
      .orderBy('name')
      .execute(),

  allCallbacks: (tid: number) =>
    db
      .selectFrom('tool_callbacks')
      .selectAll()
      .where('tid', '=', tid)
      .orderBy('env')
      .orderBy('position')
      .execute(),

  insert: (tool: Insertable<ToolsTable>) => db.insertInto('tools').values(tool).execute(),

  /** Adds the tool unless its tid exists (a seed that keeps what is there). */
  insertIfAbsent: (tool: Insertable<ToolsTable>) =>
    db
      .insertInto('tools')
      .values(tool)
      .onConflict((oc) => oc.column('tid').doNothing())
      .execute(),

  update: (tid: number, changes: Partial<ToolsTable>) =>
    db.updateTable('tools').set(changes).where('tid', '=', tid).execute(),

  remove: (tid: number) => db.deleteFrom('tools').where('tid', '=', tid).executeTakeFirst(),

  addKey: (tid: number, tsaKey: string, now: number) =>
    db.insertInto('tool_keys').values({ tsa_key: tsaKey, tid, created_at: now }).execute(),

  /** Adds the key unless it exists (whichever tool it names). */
  addKeyIfAbsent: (tid: number, tsaKey: string, now: number) =>
    db
      .insertInto('tool_keys')
      .values({ tsa_key: tsaKey, tid, created_at: now })
      .onConflict((oc) => oc.column('tsa_key').doNothing())
      .execute(),

  removeKey: (tsaKey: string) => db.deleteFrom('tool_keys').where('tsa_key', '=', tsaKey).executeTakeFirst(),

  /** Sets (or replaces) the callback of one name in one environment. */
  setCallback: (callback: ToolCallbacksTable) =>
    db
      .insertInto('tool_callbacks')
      .values(callback)
      .onConflict((oc) =>
        oc.columns(['tid', 'env', 'name']).doUpdateSet({ url: callback.url, position: callback.position }),
      )
      .execute(),

  removeCallback: (tid: number, env: AppEnv, name: string) =>
    db
      .deleteFrom('tool_callbacks')
      .where('tid', '=', tid)
      .where('env', '=', env)
      .where('name', '=', name)
      .executeTakeFirst(),

  /** Whether an account belongs to a tool (the tool login's first check, spec §2). */
  isMember: async (tid: number, accountId: string) =>
    Boolean(
      await db
        .selectFrom('tool_memberships')
        .select('tid')
        .where('tid', '=', tid)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    ),

  /** True when it added one (false: the account was a member already). */
  addMember: async (tid: number, accountId: string, now: number, trx: Kysely<Database> = db) =>
    (await trx
      .insertInto('tool_memberships')
      .values({ tid, account_id: accountId, created_at: now })
      .onConflict((oc) => oc.columns(['tid', 'account_id']).doNothing())
      .returning('tid')
      .executeTakeFirst()) !== undefined,

  removeMember: (tid: number, accountId: string) =>
    db
      .deleteFrom('tool_memberships')
      .where('tid', '=', tid)
      .where('account_id', '=', accountId)
      .executeTakeFirst(),

  /** The tools an account belongs to, with the registry's name and type (the account center). */
  membershipsOf: (accountId: string) =>
    db
      .selectFrom('tool_memberships')
      .innerJoin('tools', 'tools.tid', 'tool_memberships.tid')
      .select(['tools.tid', 'tools.name', 'tools.type', 'tool_memberships.created_at'])
      .where('tool_memberships.account_id', '=', accountId)
      .orderBy('tools.name')
      .orderBy('tools.tid')
      .execute(),

  /** A tool's members with their emails, oldest first (what `hub tools members` lists; the console, a page). */
  members: (tid: number, limit?: number) => {
    const query = db
      .selectFrom('tool_memberships')
      .innerJoin('accounts', 'accounts.id', 'tool_memberships.account_id')
      .select(['accounts.id', 'accounts.email', 'tool_memberships.created_at'])
      .where('tool_memberships.tid', '=', tid)
      .orderBy('tool_memberships.created_at')
      .orderBy('accounts.id');
    return (limit === undefined ? query : query.limit(limit)).execute();
  },
});
export type ToolQueries = ReturnType<typeof createToolQueries>;
