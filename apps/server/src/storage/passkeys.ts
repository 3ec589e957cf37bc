import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import { precompiled } from './precompiled.js';
import type { Database, PasskeyChallengesTable, PasskeysTable } from './schema.js';

export type PasskeyRow = PasskeysTable;
export type PasskeyChallengeRow = PasskeyChallengesTable;

// Every password sign-in asks whether the account has a passkey (its second factors): compiled once.
const countOfAccount = precompiled<{ accountId: string }, { n: number | string | bigint }>(
  ['accountId'],
  (db, v) =>
    db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', v.accountId),
);

/** The passkeys of accounts and the challenges waiting for an answer (docs/passkeys.md). SQL only. */
export const createPasskeyQueries = (db: Kysely<Database>) => ({
  forAccount: (accountId: string, trx: Db = db) =>
    trx
      .selectFrom('passkeys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),

  countForAccount: async (accountId: string, trx: Db = db) =>
    Number((await countOfAccount(trx, { accountId })).rows[0]?.n ?? 0),

  findByCredentialId: (credentialId: string, trx: Db = db) =>
    trx.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),

  /** One passkey of one account: another account's is not found. */
  findOwned: (accountId: string, id: string, trx: Db = db) =>
    trx
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst(),

  insert: (trx: Db, row: PasskeyRow) => trx.insertInto('passkeys').values(row).execute(),

  /** Renames one passkey of one account; false when the account has no such passkey. */
  rename: async (accountId: string, id: string, name: string, trx: Db = db) => {
    const result = await trx
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Deletes one passkey of one account; false when the account has no such passkey. */
  remove: async (trx: Db, accountId: string, id: string) => {
    const result = await trx
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /**
   * Records a use: the new counter and when, compared against the counter the verification read
   * (compare-and-swap), so of two uses racing with one counter value one wins. False for the loser.
   */
  recordUse: async (
    id: string,
    seen: { counter: number },
    use: { counter: number; backedUp: boolean; at: number },
    trx: Db = db,
  ) => {
    const result = await trx
      .updateTable('passkeys')
      .set({ counter: use.counter, backed_up: use.backedUp ? 1 : 0, last_used_at: use.at })
      .where('id', '=', id)
      .where('counter', '=', seen.counter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  insertChallenge: (row: PasskeyChallengeRow, trx: Db = db) =>
    trx.insertInto('passkey_challenges').values(row).execute(),

  /**
   * Takes a challenge once: read, then deleted by a conditional delete; whoever deletes it has it.
   * Undefined when there is none (never made, already taken, or cleaned up).
   */
  takeChallenge: async (id: string, trx: Db = db) => {
    const row = await trx
      .selectFrom('passkey_challenges')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await trx.deleteFrom('passkey_challenges').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1 ? row : undefined;
  },

  /** The newest challenge of a second-factor flow for its account, if one waits. */
  latestForFlow: (flowId: string, accountId: string, trx: Db = db) =>
    trx
      .selectFrom('passkey_challenges')
      .select('id')
      .where('flow_id', '=', flowId)
      .where('account_id', '=', accountId)
      .where('purpose', '=', 'second_factor')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),

  /** Drops every challenge of a flow (a second factor asks anew; the older ones can no longer be answered). */
  dropForFlow: (flowId: string, trx: Db = db) =>
    trx.deleteFrom('passkey_challenges').where('flow_id', '=', flowId).execute(),
});
export type PasskeyQueries = ReturnType<typeof createPasskeyQueries>;
