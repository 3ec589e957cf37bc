import type { AccountKind, Platform } from '@hub/core';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AccountsTable, Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type AccountRow = Omit<AccountsTable, 'failed_password_count'> & { failed_password_count: number };

/** The column and the stored form of an identifier of each kind (email and username case-insensitive). */
const identifierColumn = {
  email: 'email_normalized',
  mobile_num: 'mobile_num',
  username: 'username_normalized',
} as const satisfies Record<AccountKind, keyof AccountsTable>;

export const normalizeIdentifier = (kind: AccountKind, value: string): string =>
  kind === 'mobile_num' ? value : value.trim().toLowerCase();

export const createAccountQueries = (db: Kysely<Database>) => ({
  findByIdentifier: (kind: AccountKind, value: string, trx: Db = db) =>
    trx
      .selectFrom('accounts')
      .selectAll()
      .where(identifierColumn[kind], '=', normalizeIdentifier(kind, value))
      .executeTakeFirst() as Promise<AccountRow | undefined>,

  findById: (id: string, trx: Db = db) =>
    trx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
      AccountRow | undefined
    >,

  insert: (trx: Db, account: Insertable<AccountsTable>) =>
    trx.insertInto('accounts').values(account).execute(),

  memberships: (accountId: string, trx: Db = db) =>
    trx.selectFrom('platform_memberships').selectAll().where('account_id', '=', accountId).execute(),

  addMembership: (trx: Db, accountId: string, platform: Platform, isDefault: boolean, now: number) =>
    trx
      .insertInto('platform_memberships')
      .values({ account_id: accountId, platform, is_default: isDefault ? 1 : 0, linked_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'platform']).doNothing())
      .execute(),

  setPassword: (trx: Db, accountId: string, passwordHash: string, now: number) =>
    trx
      .updateTable('accounts')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
        failed_password_count: 0,
        password_blocked_until: null,
      })
      .where('id', '=', accountId)
      .execute(),

  /** Counts a wrong password atomically and returns the new count. */
  recordPasswordFailure: async (accountId: string) => {
    const row = await db
      .updateTable('accounts')
      .set((eb) => ({ failed_password_count: eb('failed_password_count', '+', 1) }))
      .where('id', '=', accountId)
      .returning('failed_password_count')
      .executeTakeFirst();
    return Number(row?.failed_password_count ?? 0);
  },

  blockPasswordUntil: (accountId: string, until: number) =>
    db.updateTable('accounts').set({ password_blocked_until: until }).where('id', '=', accountId).execute(),

  clearPasswordFailures: (accountId: string) =>
    db
      .updateTable('accounts')
      .set({ failed_password_count: 0, password_blocked_until: null })
      .where('id', '=', accountId)
      .where('failed_password_count', '>', 0)
      .execute(),
});
export type AccountQueries = ReturnType<typeof createAccountQueries>;
