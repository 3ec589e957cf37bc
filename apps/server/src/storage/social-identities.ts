import type { Kysely, Transaction } from 'kysely';
import type { Database, SocialIdentitiesTable } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const createSocialIdentityQueries = (db: Kysely<Database>) => ({
  find: (provider: SocialIdentitiesTable['provider'], subject: string, trx: Db = db) =>
    trx
      .selectFrom('social_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst(),

  insert: (trx: Db, identity: SocialIdentitiesTable) =>
    trx.insertInto('social_identities').values(identity).execute(),

  forAccount: (accountId: string, trx: Db = db) =>
    trx
      .selectFrom('social_identities')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute(),

  /** Unlinks the account's identities of one provider; the number removed. */
  removeForAccount: async (trx: Db, accountId: string, provider: SocialIdentitiesTable['provider']) => {
    const result = await trx
      .deleteFrom('social_identities')
      .where('account_id', '=', accountId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
});
export type SocialIdentityQueries = ReturnType<typeof createSocialIdentityQueries>;
