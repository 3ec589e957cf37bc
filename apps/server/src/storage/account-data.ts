import { type ExpressionBuilder, sql } from 'kysely';
import { type Db, isPostgres } from './db.js';
import { precompiled } from './precompiled.js';
import type { Database } from './schema.js';

/** The sign-in events a person's own history shows (and the download holds). */
export const SIGN_IN_EVENTS = [
  'login.success',
  'login.failure',
  'signup.completed',
  'social.linked',
  'social.refused',
];

// Every sign-in runs it (and almost always matches nothing): compiled once (precompiled.ts).
const cancelPendingDeletion = precompiled<{ accountId: string; now: number }, never>(
  ['accountId', 'now'],
  (db, v) =>
    db
      .updateTable('accounts')
      .set({ deletion_requested_at: null, deletion_due_at: null, updated_at: v.now })
      .where('id', '=', v.accountId)
      .where('deletion_due_at', 'is not', null),
);

/**
 * Flows of the expiry index the erased-flows sweep reads per statement: a few milliseconds each on
 * SQLite, so the database is never held for long (a million flows take two hundred steps).
 */
export const FLOW_SWEEP_STEP = 5_000;

/**
 * How long after its first sweep an erased account's flows are swept again: far longer than any
 * transaction that can hold a look-up's insert (each statement ends within
 * DATABASE_STATEMENT_TIMEOUT_MS, 5 s by default, and a transaction idle for twice that is ended).
 * The cleanup runs hourly by default, so the second sweep is usually the next run's.
 */
export const FLOW_SWEEP_SETTLE_MS = 10 * 60_000;

/** Erased accounts one sweep takes on (the rest wait for the next run): its statements' list. */
const FLOW_SWEEP_NOTES = 500;

/**
 * One step of the sweep: the flows of `accounts` expiring in (`after`, `through`], chosen on the
 * expiry index, which holds the account. SQLite deletes by the row ids the index holds, so nothing
 * but the index is read to choose; PostgreSQL's index scan takes both conditions as its own.
 */
const deleteFlowsOf = async (db: Db, accounts: string[], after: number, through: number) => {
  const inStep = (eb: ExpressionBuilder<Database, 'flows'>) =>
    eb.and([eb('expires_at', '>', after), eb('expires_at', '<=', through), eb('account_id', 'in', accounts)]);
  const result = isPostgres(db)
    ? await db.deleteFrom('flows').where(inStep).executeTakeFirst()
    : await db
        .deleteFrom('flows')
        .where(sql`rowid`, 'in', db.selectFrom('flows').select(sql<number>`rowid`.as('row')).where(inStep))
        .executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** Awaits every query of a record at once: the record of their rows, under the same names. */
const awaitAll = async <T extends Record<string, Promise<unknown>>>(
  queries: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> => {
  const names = Object.keys(queries) as (keyof T)[];
  const rows = await Promise.all(names.map((name) => queries[name]));
  return Object.fromEntries(names.map((name, at) => [name, rows[at]])) as { [K in keyof T]: Awaited<T[K]> };
};

/**
 * Everything the hub holds about one account, read for the account center's download and for the
 * deletion it schedules. All SQL about a person's data as a whole lives here.
 */
export const createAccountDataQueries = (db: Db) => ({
  /** Every row that names the account, table by table (no secrets are selected). */
  rowsOf: (accountId: string) =>
    awaitAll({
      account: db
        .selectFrom('accounts')
        .select([
          'id',
          'email',
          'mobile_num',
          'username',
          'home_platform',
          'user_type',
          'u_type',
          'verified',
          'created_at',
          'updated_at',
          'password_changed_at',
          'deletion_requested_at',
          'deletion_due_at',
        ])
        .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
        .where('id', '=', accountId)
        .executeTakeFirst(),
      profile: db
        .selectFrom('profiles')
        .select([
          'first_name',
          'middle_name',
          'last_name',
          'suffix',
          'contact_info',
          'other_info',
          'profile',
          'created_at',
        ])
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
      memberships: db
        .selectFrom('platform_memberships')
        .select(['platform', 'is_default', 'linked_at'])
        .where('account_id', '=', accountId)
        .orderBy('platform')
        .execute(),
      links: db
        .selectFrom('account_links')
        .select(['kind', 'parent_account_id', 'child_account_id', 'created_at'])
        .where((eb) =>
          eb.or([eb('parent_account_id', '=', accountId), eb('child_account_id', '=', accountId)]),
        )
        .orderBy('created_at')
        .execute(),
      tools: db
        .selectFrom('tool_memberships')
        .innerJoin('tools', 'tools.tid', 'tool_memberships.tid')
        .select(['tool_memberships.tid', 'tools.name', 'tool_memberships.created_at'])
        .where('tool_memberships.account_id', '=', accountId)
        .orderBy('tool_memberships.tid')
        .execute(),
      sessions: db
        .selectFrom('sessions')
        .select([
          'platform',
          'auth_method',
          'ip',
          'user_agent',
          'created_at',
          'last_seen_at',
          'expires_at',
          'revoked_at',
        ])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
      referrals: db
        .selectFrom('referrals')
        .select(['tool', 'referrer_user_id', 'referred_user_id', 'referred_from', 'created_at'])
        .where((eb) =>
          eb.or([eb('referred_user_id', '=', accountId), eb('referrer_user_id', '=', accountId)]),
        )
        .orderBy('created_at')
        .execute(),
      socialIdentities: db
        .selectFrom('social_identities')
        .select(['provider', 'subject', 'email', 'created_at'])
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute(),
      grants: db
        .selectFrom('oidc_payloads')
        .select(['payload'])
        .where('account_id', '=', accountId)
        .where('model', '=', 'Grant')
        .execute(),
      signIns: db
        .selectFrom('audit_events')
        .select(['at', 'event', 'outcome', 'ip', 'detail'])
        .where('account_id', '=', accountId)
        .where('event', 'in', SIGN_IN_EVENTS)
        .orderBy('at', 'desc')
        .limit(1000)
        .execute(),
    }),

  /** Schedules the deletion; false when one is already pending (the first request's date stands). */
  scheduleDeletion: async (trx: Db, accountId: string, now: number, dueAt: number) =>
    Number(
      (
        await trx
          .updateTable('accounts')
          .set({ deletion_requested_at: now, deletion_due_at: dueAt, updated_at: now })
          .where('id', '=', accountId)
          .where('deletion_due_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0,

  /** Cancels a pending deletion; true when there was one. Cheap when there is none (one indexed row). */
  cancelDeletion: async (accountId: string, now: number, trx: Db = db) =>
    Number((await cancelPendingDeletion(trx, { accountId, now })).numAffectedRows) > 0,

  /** Accounts whose deletion is due, oldest first. */
  dueForErasure: (now: number, limit: number) =>
    db
      .selectFrom('accounts')
      .select(['id', 'email'])
      .where('deletion_due_at', 'is not', null)
      .where('deletion_due_at', '<=', now)
      .orderBy('deletion_due_at')
      .limit(limit)
      .execute(),

  /**
   * Erases one account inside the caller's transaction: its row (every table that references it
   * goes with it: memberships, links, flows and their codes (on SQLite by sweepErasedFlows, after the
   * commit), sessions, tool memberships, referrals
   * that name it, tokens, profile, social identities, second factors), the OpenID Connect records
   * that name it, mail to its address, referrals it made; audit rows stay, under `pseudonym`, without
   * an IP address. Only if the deletion is still due (a sign-in a moment ago cancels it): false then.
   */
  erase: async (
    trx: Db,
    account: { id: string; email: string | null },
    now: number,
    pseudonym: string,
    /** Runs once the deletion is known to be due, before anything is deleted (the sessions' end). */
    beforeErase?: () => Promise<void>,
  ) => {
    // Touching the row first locks it (PostgreSQL) or the database (SQLite) against a cancelling sign-in.
    const due = await trx
      .updateTable('accounts')
      .set({ updated_at: now })
      .where('id', '=', account.id)
      .where('deletion_due_at', 'is not', null)
      .where('deletion_due_at', '<=', now)
      .executeTakeFirst();
    if (Number(due.numUpdatedRows) === 0) return false;
    await beforeErase?.();
    // Sessions, interactions, grants, codes and tokens: by the indexed account column the adapter fills.
    await trx.deleteFrom('oidc_payloads').where('account_id', '=', account.id).execute();
    if (account.email) await trx.deleteFrom('mail_outbox').where('to_address', '=', account.email).execute();
    await trx.deleteFrom('referrals').where('referrer_user_id', '=', account.id).execute();
    await trx
      .updateTable('audit_events')
      .set({ account_id: pseudonym, ip: null, user_agent: null })
      .where('account_id', '=', account.id)
      .execute();
    // Flows have no foreign key to the account (migrations 0023, 0026); they go with the sweep
    // below, which this note asks for.
    await trx.insertInto('erased_account_flows').values({ account_id: account.id, erased_at: now }).execute();
    await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
    return true;
  },

  /**
   * Deletes the flows (and with them their codes) of the erased accounts noted in
   * `erased_account_flows` (migrations 0023, 0026). It walks the expiry index, which holds each
   * flow's account, FLOW_SWEEP_STEP flows a statement, and awaits `rest` with each step's time. A
   * note is swept twice: first at the run of its erasure (or the next one, if that run stopped before
   * its sweep), then at a run at least FLOW_SWEEP_SETTLE_MS after the first sweep, and forgotten
   * then. The second finds the flow of a look-up that checked the account just before its erasure
   * committed and itself committed after the first sweep went by: on PostgreSQL, whose transactions
   * run side by side (on SQLite, which writes one at a time, it finds nothing). One walk serves both
   * kinds of note. Returns the flows deleted.
   */
  sweepErasedFlows: async (now: number, rest?: (ms: number) => Promise<void>) => {
    const notes = await db
      .selectFrom('erased_account_flows')
      .select(['account_id', 'swept_at'])
      .orderBy('erased_at')
      .limit(FLOW_SWEEP_NOTES)
      .execute();
    const first = notes.filter((note) => note.swept_at === null).map((note) => note.account_id);
    const again = notes
      .filter((note) => note.swept_at !== null && now - Number(note.swept_at) >= FLOW_SWEEP_SETTLE_MS)
      .map((note) => note.account_id);
    const accounts = [...first, ...again];
    if (accounts.length === 0) return 0;
    let deleted = 0;
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const started = performance.now();
      const edge = await db
        .selectFrom('flows')
        .select('expires_at')
        .where('expires_at', '>', after)
        .orderBy('expires_at')
        .limit(1)
        .offset(FLOW_SWEEP_STEP - 1)
        .executeTakeFirst();
      const through = edge ? Number(edge.expires_at) : Number.MAX_SAFE_INTEGER;
      deleted += await deleteFlowsOf(db, accounts, after, through);
      await rest?.(performance.now() - started);
      if (!edge) break;
      after = through;
    }
    if (first.length > 0)
      await db
        .updateTable('erased_account_flows')
        .set({ swept_at: now })
        .where('account_id', 'in', first)
        .execute();
    if (again.length > 0)
      await db.deleteFrom('erased_account_flows').where('account_id', 'in', again).execute();
    return deleted;
  },

  /** Rows in `table` whose text columns hold `needle`: the erasure test's scan of the whole database. */
  countMentions: async (table: string, columns: string[], needle: string) => {
    if (columns.length === 0) return 0;
    const conditions = sql.join(
      columns.map((c) => sql`CAST(${sql.ref(c)} AS TEXT) LIKE ${`%${needle}%`}`),
      sql` OR `,
    );
    const row = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${conditions}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  },
});
export type AccountDataQueries = ReturnType<typeof createAccountDataQueries>;
