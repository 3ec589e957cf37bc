import { type AccountKind, normalizeIdentifier, type Platform } from '@hub/core';
import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { AccountsTable, Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type AccountRow = Omit<AccountsTable, 'failed_password_count'> & { failed_password_count: number };

/** The column and the stored form of an identifier of each kind (email and username case-insensitive). */
const identifierColumn = {
  email: 'email_normalized',
  mobile_num: 'mobile_num',
  username: 'username_normalized',
} as const satisfies Record<AccountKind, keyof AccountsTable>;

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

  /**
   * Makes one platform the account's default and its home. One statement rewrites every membership
   * of the account, so exactly one is the default whatever runs beside it.
   */
  setDefaultPlatform: async (trx: Db, accountId: string, platform: Platform, now: number) => {
    await trx
      .updateTable('platform_memberships')
      .set((eb) => ({ is_default: eb.case().when('platform', '=', platform).then(1).else(0).end() }))
      .where('account_id', '=', accountId)
      .execute();
    await trx
      .updateTable('accounts')
      .set({ home_platform: platform, updated_at: now })
      .where('id', '=', accountId)
      .execute();
  },

  /**
   * Takes one password attempt for the account, or none: a single conditional UPDATE, so however
   * many checks arrive at once, from whichever process, each sees the count its predecessors left.
   * The attempt counts as a failure before the hash runs (a success clears it), and when that count
   * reaches the free limit the block it would earn starts now: the attempts of a burst are refused
   * while the first ones are still hashing, and a process that dies mid-check leaves an ordinary
   * failure with a block that ends, never an account stuck. Undefined when the account is blocked,
   * has no password, or does not exist; else the row after the update.
   */
  reservePasswordAttempt: (accountId: string, now: number, delayMs: (failures: number) => number) =>
    db
      .updateTable('accounts')
      .set((eb) => ({
        failed_password_count: eb('failed_password_count', '+', 1),
        password_blocked_until: blockedUntilAfterOneMore(now, delayMs),
      }))
      .where('id', '=', accountId)
      .where('password_hash', 'is not', null)
      .where((eb) =>
        eb.or([eb('password_blocked_until', 'is', null), eb('password_blocked_until', '<=', now)]),
      )
      .returningAll()
      .executeTakeFirst() as Promise<AccountRow | undefined>,

  /** A right password: clears the count (the attempt just reserved included) and any block. */
  clearPasswordFailures: (accountId: string) =>
    db
      .updateTable('accounts')
      .set({ failed_password_count: 0, password_blocked_until: null })
      .where('id', '=', accountId)
      .where('failed_password_count', '>', 0)
      .execute(),
});
export type AccountQueries = ReturnType<typeof createAccountQueries>;

/**
 * `password_blocked_until` for one more failure, in SQL: the old count plus one picks the delay.
 * The delays come from `delayMs` (a growing, capped series), listed until they stop growing.
 */
const blockedUntilAfterOneMore = (
  now: number,
  delayMs: (failures: number) => number,
): RawBuilder<number | null> => {
  const cases: RawBuilder<unknown>[] = [];
  let failures = 1;
  while (delayMs(failures) === 0) failures += 1;
  cases.push(sql`when failed_password_count + 1 < ${failures} then null`);
  for (; delayMs(failures + 1) !== delayMs(failures); failures += 1) {
    cases.push(
      sql`when failed_password_count + 1 = ${failures} then cast(${now + delayMs(failures)} as bigint)`,
    );
  }
  return sql<
    number | null
  >`case ${sql.join(cases, sql` `)} else cast(${now + delayMs(failures)} as bigint) end`;
};
