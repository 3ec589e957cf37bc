import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, OidcClientsTable, OidcPayloadsTable } from './schema.js';

/**
 * The rows behind the OpenID Connect provider: its stored payloads (one table for every model) and
 * the registered clients. Times are epoch milliseconds of the hub's clock.
 */
export const createOidcPayloadQueries = (db: Kysely<Database>) => {
  /** A row counts only until it expires; a null expires_at never does. */
  const live = (now: number) => (eb: ExpressionBuilder<Database, 'oidc_payloads'>) =>
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]);
  const selectAll = () => db.selectFrom('oidc_payloads').selectAll();

  return {
    /** Inserts or replaces a model's payload (oidc-provider saves the same id again as it changes). */
    upsert: async (row: Omit<OidcPayloadsTable, 'consumed_at'>) => {
      await db
        .insertInto('oidc_payloads')
        .values({ ...row, consumed_at: null })
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            account_id: row.account_id,
            hub_session_id: row.hub_session_id ?? null,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    },

    /**
     * The hub session a code or token issued in provider session `sessionUid` comes from: the one
     * that session mirrors, when it is the same account's (else none).
     */
    hubSessionOf: async (sessionUid: string, accountId: string | null) => {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['hub_session_id', 'account_id'])
        .where('model', '=', 'Session')
        .where('uid', '=', sessionUid)
        .executeTakeFirst();
      return row && row.account_id === accountId ? (row.hub_session_id ?? null) : null;
    },

    find: (model: string, id: string, now: number) =>
      selectAll().where('model', '=', model).where('id', '=', id).where(live(now)).executeTakeFirst(),

    findByUid: (model: string, uid: string, now: number) =>
      selectAll().where('model', '=', model).where('uid', '=', uid).where(live(now)).executeTakeFirst(),

    findByUserCode: (model: string, userCode: string, now: number) =>
      selectAll()
        .where('model', '=', model)
        .where('user_code', '=', userCode)
        .where(live(now))
        .executeTakeFirst(),

    /**
     * Marks a payload consumed, once: true when this call did it, false when it was consumed
     * already (a replay racing the first use) or is gone.
     */
    consume: async (model: string, id: string, now: number) => {
      const result = await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: now })
        .where('model', '=', model)
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The live payloads of a model whose uid starts with `prefix` (a person's grants, see
     * oidc/adapter.ts). LIKE narrows by the index; a `%` or `_` in the prefix would match more,
     * which the exact check after it drops.
     */
    listByUidPrefix: async (model: string, prefix: string, now: number) =>
      (
        await selectAll()
          .where('model', '=', model)
          .where('uid', 'like', `${prefix}%`)
          .where(live(now))
          .execute()
      ).filter((row) => row.uid?.startsWith(prefix)),

    destroy: async (model: string, id: string) => {
      await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
    },

    /** Deletes every code and token issued under a grant (the grant itself is destroyed by id). */
    revokeByGrantId: async (grantId: string, models: readonly string[]) => {
      await db
        .deleteFrom('oidc_payloads')
        .where('grant_id', '=', grantId)
        .where('model', 'in', [...models])
        .execute();
    },
  };
};

export type OidcPayloadQueries = ReturnType<typeof createOidcPayloadQueries>;

export const createOidcClientQueries = (db: Kysely<Database>) => ({
  insert: (client: OidcClientsTable) => db.insertInto('oidc_clients').values(client).execute(),

  find: (clientId: string) =>
    db.selectFrom('oidc_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst(),

  list: () => db.selectFrom('oidc_clients').selectAll().orderBy('created_at').orderBy('client_id').execute(),

  update: (clientId: string, changes: Partial<Omit<OidcClientsTable, 'client_id' | 'created_at'>>) =>
    db.updateTable('oidc_clients').set(changes).where('client_id', '=', clientId).executeTakeFirst(),

  remove: async (clientId: string) => {
    const result = await db.deleteFrom('oidc_clients').where('client_id', '=', clientId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },
});

export type OidcClientQueries = ReturnType<typeof createOidcClientQueries>;
