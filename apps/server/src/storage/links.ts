import type { Insertable } from 'kysely';
import type { Db } from './db.js';
import type { AccountLinksTable } from './schema.js';

export type LinkKind = AccountLinksTable['kind'];

export const createLinkQueries = (db: Db) => ({
  /** The parent of an account by a kind of link ('parent': option2; 'work': its business owner). */
  parentOf: async (childId: string, kind: LinkKind, trx: Db = db) =>
    (
      await trx
        .selectFrom('account_links')
        .select('parent_account_id')
        .where('child_account_id', '=', childId)
        .where('kind', '=', kind)
        .executeTakeFirst()
    )?.parent_account_id,

  /**
   * Every link the account is part of, either side, with the other account's identifiers (the
   * account center's Platforms & tools page).
   */
  linksOf: (accountId: string) =>
    db
      .selectFrom('account_links')
      .innerJoin('accounts', (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([
              eb('account_links.child_account_id', '=', accountId),
              eb('accounts.id', '=', eb.ref('account_links.parent_account_id')),
            ]),
            eb.and([
              eb('account_links.parent_account_id', '=', accountId),
              eb('accounts.id', '=', eb.ref('account_links.child_account_id')),
            ]),
          ]),
        ),
      )
      .select([
        'account_links.kind',
        'account_links.parent_account_id',
        'account_links.created_at',
        'accounts.email',
        'accounts.mobile_num',
        'accounts.username',
      ])
      .orderBy('account_links.created_at')
      .orderBy('accounts.id')
      .execute(),

  /**
   * Adds a link; false when the child already has one of that kind. The unique (child, kind)
   * constraint decides, so of any number of concurrent inserts exactly one succeeds.
   */
  insert: async (trx: Db, link: Insertable<AccountLinksTable>) =>
    Boolean(
      await trx
        .insertInto('account_links')
        .values(link)
        .onConflict((oc) => oc.columns(['child_account_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst(),
    ),
});
export type LinkQueries = ReturnType<typeof createLinkQueries>;
