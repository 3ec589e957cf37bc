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
