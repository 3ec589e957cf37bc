import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AccountLinksTable, Database } from '../../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type LinkKind = AccountLinksTable['kind'];

/** The parent of an account by a kind of link ('parent': option2; 'work': its business owner). */
export const parentOf = async (db: Db, childId: string, kind: LinkKind) =>
  (
    await db
      .selectFrom('account_links')
      .select('parent_account_id')
      .where('child_account_id', '=', childId)
      .where('kind', '=', kind)
      .executeTakeFirst()
  )?.parent_account_id;

/**
 * Adds a link; false when the child already has one of that kind. The unique (child, kind)
 * constraint decides, so of any number of concurrent inserts exactly one succeeds.
 */
export const insertLink = async (db: Db, link: Insertable<AccountLinksTable>) =>
  Boolean(
    await db
      .insertInto('account_links')
      .values(link)
      .onConflict((oc) => oc.columns(['child_account_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst(),
  );
