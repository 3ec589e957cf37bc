import { type AccountKind, normalizeIdentifier, type Platform } from '@hub/core';
import {
  type Compilable,
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
} from 'kysely';
import { type Db, isPostgres } from './db.js';
import { loginIndexes } from './migrations/0025-login-indexes.js';
import { precompiled } from './precompiled.js';
import type { AccountsTable, Database, PlatformMembershipsTable } from './schema.js';

export type AccountRow = Omit<AccountsTable, 'failed_password_count' | 'platforms'> & {
  failed_password_count: number;
  platforms: string;
};

/** The column and the stored form of an identifier of each kind (email and username case-insensitive). */
const identifierColumn = {
  email: 'email_normalized',
  mobile_num: 'mobile_num',
  username: 'username_normalized',
} as const satisfies Record<AccountKind, keyof AccountsTable>;

/**
 * One query per kind of identifier, each on its kind's column, compiled once (precompiled.ts).
 * `loginIndex` is the kind's login index (migration 0025), for the queries of login's look-up.
 */
export const perKind = <P extends object, R>(
  names: readonly (keyof P & string)[],
  build: (
    db: Kysely<Database>,
    values: P,
    column: (typeof identifierColumn)[AccountKind],
    loginIndex: string,
  ) => Compilable<R>,
) =>
  Object.fromEntries(
    Object.entries(identifierColumn).map(([kind, column]) => [
      kind,
      precompiled<P, R>(names, (db, values) =>
        build(db, values, column, loginIndexes[kind as AccountKind].name),
      ),
    ]),
  ) as Record<AccountKind, ReturnType<typeof precompiled<P, R>>>;

// The account of an identifier (every look-up by email, mobile number or username but login step 1).
const byIdentifier = perKind<{ value: string }, AccountRow>(['value'], (db, { value }, column) =>
  db.selectFrom('accounts').selectAll().where(column, '=', value),
);
/**
 * SQLite: ` indexed by` the kind's login index. Its planner would take the unique index of the
 * identifier, which promises one row, and then read the table's row. PostgreSQL's planner takes its
 * login index (0027) by cost, as an index-only scan, when the query asks for what the index holds
 * (`loginIndexCondition`).
 */
export const loginIndexHint = (db: Kysely<Database>, index: string) =>
  isPostgres(db) ? sql`` : sql.raw(` indexed by ${index}`);
/**
 * PostgreSQL: ` and password_hash is not null`, the condition of its login indexes, which hold only
 * the accounts that have a password (0027). SQLite's hold every account and `password_hash is not
 * null` as a column; that condition would send SQLite to the table's row for it.
 */
export const loginIndexCondition = (db: Kysely<Database>) =>
  isPostgres(db) ? sql` and password_hash is not null` : sql``;

/** What login step 1 reads of an account, and all it decides on (flows/login/service.ts). */
export interface LoginCandidate {
  id: string;
  user_type: number;
  sign_in_locked_at: number | null;
  has_password: boolean;
}

/**
 * Login step 1: what it decides on of the account and whether the account is on the requested
 * platform, in one statement. `platforms` (migration 0024) saves a read of the membership's index;
 * every column comes from the kind's login index (0025 on SQLite, 0027 on PostgreSQL), one leaf and
 * no page of the table, which the flow's insert then reads again to check the account
 * (storage/flows.ts).
 */
const byIdentifierOnPlatform = perKind<
  { value: string; platform: Platform },
  LoginCandidate & { on_platform: unknown }
>(['value', 'platform'], (db, v, column, loginIndex) => {
  const query = sql<LoginCandidate & { on_platform: unknown }>`select id, user_type, sign_in_locked_at,
    ${isPostgres(db) ? sql`true` : sql`password_hash is not null`} as has_password,
    (' ' || platforms || ' ') like ${sql`'% ' || ${v.platform} || ' %'`} as on_platform
    from accounts${loginIndexHint(db, loginIndex)} where ${sql.ref(column)} = ${v.value}${loginIndexCondition(db)}`;
  return { compile: () => query.compile(db) };
});
const byId = precompiled<{ id: string }, AccountRow>(['id'], (db, { id }) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id),
);
const membershipsOf = precompiled<{ accountId: string }, PlatformMembershipsTable>(['accountId'], (db, v) =>
  db.selectFrom('platform_memberships').selectAll().where('account_id', '=', v.accountId),
);
/**
 * The reservation of one password attempt (reservePasswordAttempt), compiled once per delay
 * schedule: every login runs it, and building its CASE of delays was most of what it cost.
 */
const reservations = new WeakMap<(failures: number) => number, ReturnType<typeof compileReservation>>();
const compileReservation = (delayMs: (failures: number) => number) =>
  precompiled<{ accountId: string; now: number }, AccountRow>(['accountId', 'now'], (db, v) =>
    db
      .updateTable('accounts')
      .set((eb) => ({
        failed_password_count: eb('failed_password_count', '+', 1),
        password_blocked_until: blockedUntilAfterOneMore(v.now, delayMs),
      }))
      .where('id', '=', v.accountId)
      .where('password_hash', 'is not', null)
      .where((eb) =>
        eb.or([eb('password_blocked_until', 'is', null), eb('password_blocked_until', '<=', v.now)]),
      )
      .returningAll(),
  );
const reserveAttempt = (delayMs: (failures: number) => number) => {
  let compiled = reservations.get(delayMs);
  if (!compiled) {
    compiled = compileReservation(delayMs);
    reservations.set(delayMs, compiled);
  }
  return compiled;
};
const clearFailures = precompiled<{ accountId: string }, never>(['accountId'], (db, v) =>
  db
    .updateTable('accounts')
    .set({ failed_password_count: 0, password_blocked_until: null })
    .where('id', '=', v.accountId)
    .where('failed_password_count', '>', 0),
);

export const createAccountQueries = (db: Kysely<Database>) => ({
  findByIdentifier: async (kind: AccountKind, value: string, trx: Db = db) =>
    (await byIdentifier[kind](trx, { value: normalizeIdentifier(kind, value) })).rows[0] as
      | AccountRow
      | undefined,

  /**
   * Login's look-up: what step 1 decides on of the account of an identifier, and whether it is a
   * member of `platform` (PostgreSQL answers booleans, SQLite 0 or 1), in one statement. Only an
   * account with a password: step 1 finds no other (PostgreSQL's login index holds no other).
   */
  findByIdentifierOnPlatform: async (kind: AccountKind, value: string, platform: Platform) => {
    const row = (
      await byIdentifierOnPlatform[kind](db, { value: normalizeIdentifier(kind, value), platform })
    ).rows[0];
    if (!row?.has_password) return undefined;
    const account: LoginCandidate = {
      id: row.id,
      user_type: Number(row.user_type),
      sign_in_locked_at: row.sign_in_locked_at,
      has_password: Boolean(row.has_password),
    };
    return { account, onPlatform: Boolean(row.on_platform) };
  },

  findById: async (id: string, trx: Db = db) => (await byId(trx, { id })).rows[0] as AccountRow | undefined,

  insert: (trx: Db, account: Insertable<AccountsTable>) =>
    trx.insertInto('accounts').values(account).execute(),

  memberships: async (accountId: string, trx: Db = db) => (await membershipsOf(trx, { accountId })).rows,

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
   * The account center's password change: the new hash only if the stored one is still the one
   * checked (`expected`; null for an account that had none), so of two changes made at once one
   * wins and the other changes nothing. True when this one wrote.
   */
  replacePassword: async (
    trx: Db,
    accountId: string,
    expected: string | null,
    passwordHash: string,
    now: number,
  ) => {
    const result = await trx
      .updateTable('accounts')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
        failed_password_count: 0,
        password_blocked_until: null,
      })
      .where('id', '=', accountId)
      .where((eb) =>
        expected === null ? eb('password_hash', 'is', null) : eb('password_hash', '=', expected),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * The same password hashed again with today's parameters (services/passwords.ts `hashIsCurrent`),
   * only over the hash it was checked against: a password changed in between stays. Not a change
   * of password: its time, the sessions and the counts are untouched.
   */
  upgradePasswordHash: async (accountId: string, expected: string, passwordHash: string) => {
    await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash })
      .where('id', '=', accountId)
      .where('password_hash', '=', expected)
      .execute();
  },

  /** The account's email (its normalised key too); the unique index refuses one another account holds. */
  setEmail: (trx: Db, accountId: string, email: string, now: number) =>
    trx
      .updateTable('accounts')
      .set({ email, email_normalized: normalizeIdentifier('email', email), verified: 1, updated_at: now })
      .where('id', '=', accountId)
      .execute(),

  /**
   * Touches the account's row inside a transaction: PostgreSQL holds its row lock until the
   * transaction ends (SQLite runs one write transaction at a time anyway), so two changes of the
   * account's sign-in methods take turns and each sees what the other left.
   */
  lockForChange: (trx: Transaction<Database>, accountId: string, now: number) =>
    trx
      .updateTable('accounts')
      .set({ updated_at: now })
      .where('id', '=', accountId)
      .returning(['id', 'password_hash'])
      .executeTakeFirst(),

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
  reservePasswordAttempt: async (
    accountId: string,
    now: number,
    delayMs: (failures: number) => number,
  ): Promise<AccountRow | undefined> => (await reserveAttempt(delayMs)(db, { accountId, now })).rows[0],

  /**
   * An attempt reserved but never tried (its hash failed for the machine, a 503): one failure less,
   * and the block it set lifted unless a later attempt has set another since. Before the reservation
   * the account had no block in force (reservePasswordAttempt's condition), so none is the same.
   */
  returnPasswordAttempt: async (accountId: string, blockedUntil: number | null) => {
    await db
      .updateTable('accounts')
      .set((eb) => ({
        failed_password_count: eb
          .case()
          .when('failed_password_count', '>', 0)
          .then(eb('failed_password_count', '-', 1))
          .else(0)
          .end(),
        password_blocked_until: eb
          .case()
          .when('password_blocked_until', '=', blockedUntil)
          .then(null)
          .else(eb.ref('password_blocked_until'))
          .end(),
      }))
      .where('id', '=', accountId)
      .execute();
  },

  /** A right password: clears the count (the attempt just reserved included) and any block. */
  clearPasswordFailures: async (accountId: string) => {
    await clearFailures(db, { accountId });
  },
});
export type AccountQueries = ReturnType<typeof createAccountQueries>;

/** A block of `delay` ms from `now`, added in SQL: a compiled query then takes any `now` as its parameter. */
const blockedFor = (now: number, delay: number) => sql`cast(${now} as bigint) + ${delay}`;

/**
 * `password_blocked_until` for one more failure, in SQL: the old count plus one picks the delay.
 * The delays come from `delayMs` (a growing, capped series), listed until they stop growing.
 * `column` is the count's column (a second factor's `failed_count`, storage/second-factors.ts).
 */
export const blockedUntilAfterOneMore = (
  now: number,
  delayMs: (failures: number) => number,
  column: 'failed_password_count' | 'failed_count' = 'failed_password_count',
): RawBuilder<number | null> => {
  const count = sql.ref(column);
  const cases: RawBuilder<unknown>[] = [];
  let failures = 1;
  while (delayMs(failures) === 0) failures += 1;
  cases.push(sql`when ${count} + 1 < ${failures} then null`);
  for (; delayMs(failures + 1) !== delayMs(failures); failures += 1) {
    cases.push(sql`when ${count} + 1 = ${failures} then ${blockedFor(now, delayMs(failures))}`);
  }
  return sql<number | null>`case ${sql.join(cases, sql` `)} else ${blockedFor(now, delayMs(failures))} end`;
};
