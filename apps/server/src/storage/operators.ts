import { type Kysely, sql } from 'kysely';
import type { Db } from './db.js';
import type { Database, OperatorsTable } from './schema.js';

export type OperatorRole = OperatorsTable['role'];

/** A search hit: the account's identifiers and name, never a secret. */
export interface AccountHit {
  id: string;
  email: string | null;
  mobile_num: string | null;
  username: string | null;
  home_platform: 'psl' | 'biz';
  first_name: string | null;
  last_name: string | null;
  sign_in_locked_at: number | null;
  deletion_due_at: number | null;
}

/** Escapes LIKE's wildcards so a typed prefix matches only itself. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The first string after every string that starts with `prefix` (the upper end of a prefix range). */
const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** What a search hit reads: the account's identifiers and name, never a secret. */
const HIT_COLUMNS = [
  'accounts.id',
  'accounts.email',
  'accounts.mobile_num',
  'accounts.username',
  'accounts.home_platform',
  'profiles.first_name',
  'profiles.last_name',
  'accounts.sign_in_locked_at',
  'accounts.deletion_due_at',
] as const;

const hitColumns = (db: Db) =>
  db.selectFrom('accounts').leftJoin('profiles', 'profiles.account_id', 'accounts.id').select(HIT_COLUMNS);

/** The names the console searches by, each the expression of its index (migration 0028). */
const NAMES = {
  full: sql<string>`lower(profiles.first_name || ' ' || profiles.last_name)`,
  last: sql<string>`lower(profiles.last_name)`,
};

/**
 * The search by one name of `profiles` (its plan is checked by storage/console-search.test.ts):
 * from the profile to its account, never the other way round. Read from `accounts` with the profile
 * joined, SQLite walked every account for a name (about a second at a million).
 */
export const nameSearchQuery = (db: Db, name: keyof typeof NAMES, prefix: string, limit: number) =>
  db
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
    .select(HIT_COLUMNS)
    .where(NAMES[name], '>=', prefix)
    .where(NAMES[name], '<', prefixEnd(prefix))
    .orderBy(NAMES[name])
    .orderBy('profiles.account_id')
    .limit(limit);

/**
 * The operator console's rows (docs/console.md): who holds a role, the account search, the sign-in
 * lock and the audit log's filtered pages. Each search is a range on an index (a prefix of the
 * lower-cased email, of the account id, of "first last" or the last name), so a page costs the same
 * at a million accounts as at a hundred.
 */
export const createOperatorQueries = (db: Kysely<Database>) => ({
  find: (accountId: string, trx: Db = db) =>
    trx.selectFrom('operators').selectAll().where('account_id', '=', accountId).executeTakeFirst(),

  list: () =>
    db
      .selectFrom('operators')
      .innerJoin('accounts', 'accounts.id', 'operators.account_id')
      .select([
        'operators.account_id',
        'operators.role',
        'operators.granted_at',
        'operators.granted_by',
        'accounts.email',
        'accounts.sign_in_locked_at',
      ])
      .orderBy('operators.granted_at')
      .execute(),

  /** Grants a role, or changes the role held. */
  grant: async (trx: Db, row: OperatorsTable) => {
    await trx
      .insertInto('operators')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ role: row.role, granted_at: row.granted_at, granted_by: row.granted_by }),
      )
      .execute();
  },

  /** Takes the role away; true when there was one. */
  revoke: async (trx: Db, accountId: string) =>
    Number(
      (await trx.deleteFrom('operators').where('account_id', '=', accountId).executeTakeFirst())
        .numDeletedRows,
    ) > 0,

  /** Locks or unlocks the account's sign-in; true when the state changed. */
  setSignInLock: async (trx: Db, accountId: string, lockedAt: number | null, now: number) => {
    const query = trx
      .updateTable('accounts')
      .set({ sign_in_locked_at: lockedAt, updated_at: now })
      .where('id', '=', accountId)
      .where('sign_in_locked_at', lockedAt === null ? 'is not' : 'is', null);
    return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
  },

  /** Accounts whose lower-cased email starts with `prefix`, by email. */
  searchByEmail: (prefix: string, limit: number, offset: number) =>
    hitColumns(db)
      .where('accounts.email_normalized', '>=', prefix)
      .where('accounts.email_normalized', '<', prefixEnd(prefix))
      .where('accounts.email_normalized', 'like', likePrefix(prefix))
      .orderBy('accounts.email_normalized')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<AccountHit[]>,

  /** Accounts whose id starts with `prefix`, by id. */
  searchById: (prefix: string, limit: number, offset: number) =>
    hitColumns(db)
      .where('accounts.id', '>=', prefix)
      .where('accounts.id', '<', prefixEnd(prefix))
      .orderBy('accounts.id')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<AccountHit[]>,

  /**
   * Accounts whose lower-cased "first last", or last name, starts with `prefix`: from `profiles`, in
   * the order of its name indexes (migration 0028: the name, then the account).
   */
  searchByName: async (prefix: string, limit: number, offset: number) => {
    const byFull = await nameSearchQuery(db, 'full', prefix, limit + offset).execute();
    const byLast = await nameSearchQuery(db, 'last', prefix, limit + offset).execute();
    const seen = new Set<string>();
    return [...byFull, ...byLast]
      .filter((hit) => !seen.has(hit.id) && seen.add(hit.id))
      .slice(offset, offset + limit) as AccountHit[];
  },

  /** The audit log, newest first, filtered; `before` is the id of the last row of the previous page. */
  auditPage: (filter: AuditFilter) => auditPageQuery(db, filter).execute(),
});
export type OperatorQueries = ReturnType<typeof createOperatorQueries>;

/**
 * The audit log's page query (its plans are checked by storage/audit-operator.test.ts), newest
 * first by time, then by id among rows of the same millisecond. Every filter has an index that
 * leads with it and then holds `at` (the account's, the event's, the operator's, the tool's, and
 * `at` alone; migration 0029), so a page is read from the end of one index range and never sorted,
 * a time range included: in id order a range of days had every row in it sorted (a second for
 * three months of five million rows). `before`, the id of the previous page's last row, stands
 * for that row's place (its time, then its id); a row the retention has deleted since ends the log,
 * as every older row is gone with it.
 */
export const auditPageQuery = (db: Kysely<Database>, filter: AuditFilter) => {
  let query = db.selectFrom('audit_events').selectAll();
  if (filter.accountId) query = query.where('account_id', '=', filter.accountId);
  if (filter.event) query = query.where('event', '=', filter.event);
  // The operator column (migration 0017) and its index, never the JSON detail.
  if (filter.operator) query = query.where('operator', '=', filter.operator);
  // Likewise the tool column (migration 0021) and its index.
  if (filter.tool !== undefined) query = query.where('tool', '=', filter.tool);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) {
    const before = filter.before;
    const placeOf = sql<number>`(select b.at from audit_events b where b.id = ${before})`;
    // `at <=` lets the index seek to the row's time; the rest orders the rows of that millisecond.
    query = query
      .where('at', '<=', placeOf)
      .where((eb) => eb.or([eb('at', '<', placeOf), eb('id', '<', before)]));
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit);
};

export interface AuditFilter {
  accountId?: string;
  event?: string;
  /** The acting operator's account id (written into the row's detail as `operator`). */
  operator?: string;
  /** The tool the row is about (its tid). */
  tool?: number;
  from?: number;
  to?: number;
  before?: number;
  limit: number;
}
