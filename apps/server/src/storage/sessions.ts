import type { Kysely, Transaction } from 'kysely';
import { precompiled } from './precompiled.js';
import type { Database, SessionsTable } from './schema.js';

export const sessionColumns = [
  'id',
  'account_id',
  'platform',
  'auth_method',
  'amr',
  'ip',
  'user_agent',
  'created_at',
  'last_seen_at',
  'expires_at',
  'revoked_at',
] as const satisfies readonly (keyof SessionsTable)[];
// Every sign-in writes one: compiled once (precompiled.ts), every column named. A column added to
// the table must be added here too, or its value is silently left out (precompiled.test.ts checks).
const insertSession = precompiled<SessionsTable, never>(sessionColumns, (db, session) =>
  db.insertInto('sessions').values(session),
);

/** Which hub sessions to end: one (`only`, when still live), or all of an account's but `keep`. */
export type SessionSelector =
  | { accountId?: string; only: string }
  | { accountId: string; keep?: string; only?: undefined };

/** An OpenID Connect sign-in that ended with its hub session: who is to be told, by which client. */
export interface EndedOidcSignIn {
  accountId: string;
  clientId: string;
  /** The provider session's id for this client (the logout token's `sid`). */
  sid: string | undefined;
}

/** What ending sessions ended: the hub sessions, and the OpenID Connect sign-ins made from them. */
export interface EndedSessions {
  sessions: { id: string; accountId: string }[];
  oidc: EndedOidcSignIn[];
}

/**
 * The OpenID Connect sign-ins a provider session's payload records (one per client), or the one a
 * code or token was issued for.
 */
const signInsOf = (payload: string): EndedOidcSignIn[] => {
  const parsed = JSON.parse(payload) as {
    accountId?: unknown;
    clientId?: unknown;
    sid?: unknown;
    authorizations?: Record<string, { sid?: unknown }>;
  };
  if (typeof parsed.accountId !== 'string') return [];
  const accountId = parsed.accountId;
  if (typeof parsed.clientId === 'string')
    return [
      { accountId, clientId: parsed.clientId, sid: typeof parsed.sid === 'string' ? parsed.sid : undefined },
    ];
  return Object.entries(parsed.authorizations ?? {}).map(([clientId, authorization]) => ({
    accountId,
    clientId,
    sid: typeof authorization?.sid === 'string' ? authorization.sid : undefined,
  }));
};

/** Each client's sign-in once (a session's record and its tokens name the same one). */
const distinctSignIns = (signIns: EndedOidcSignIn[]) => [
  ...new Map(signIns.map((s) => [`${s.accountId}\n${s.clientId}\n${s.sid ?? ''}`, s])).values(),
];

/**
 * THE way a hub session ends (single sign-out, issue #32): marks the selected sessions revoked and,
 * in the same transaction, deletes every OpenID Connect session that mirrors one of them and every
 * code and token issued under them (oidc_payloads.hub_session_id), so a client's
 * access and refresh tokens are refused from the commit on. The grants (the person's consent) stay.
 * Returns what it ended; after the commit the caller hands that to `announceEndedSessions`
 * (sso/session-end.ts), which tells the clients (back-channel logout) and whoever else listens.
 * `only` ends a session only while it is live; the account-wide form also marks expired rows.
 */
const endSessionsIn = async (
  trx: Kysely<Database> | Transaction<Database>,
  selector: SessionSelector,
  now: number,
): Promise<EndedSessions> => {
  let update = trx.updateTable('sessions').set({ revoked_at: now }).where('revoked_at', 'is', null);
  if (selector.accountId) update = update.where('account_id', '=', selector.accountId);
  if (selector.only !== undefined)
    update = update.where('id', '=', selector.only).where('expires_at', '>', now);
  else if (selector.keep) update = update.where('id', '!=', selector.keep);
  const rows = await update.returning(['id', 'account_id']).execute();
  const sessions = rows.map((row) => ({ id: row.id, accountId: row.account_id }));
  if (sessions.length === 0) return { sessions, oidc: [] };
  const ids = sessions.map((session) => session.id);
  const oidcRows = await trx
    .selectFrom('oidc_payloads')
    .select(['model', 'payload'])
    .where('hub_session_id', 'in', ids)
    .execute();
  await trx.deleteFrom('oidc_payloads').where('hub_session_id', 'in', ids).execute();
  await trx.deleteFrom('session_sign_ins').where('session_id', 'in', ids).execute();
  return { sessions, oidc: distinctSignIns(oidcRows.flatMap((row) => signInsOf(row.payload))) };
};

export const createSessionQueries = (db: Kysely<Database>) => ({
  /** Ends sessions, with the OpenID Connect sign-ins made from them (see endSessionsIn). */
  end: (selector: SessionSelector, now: number, trx: Kysely<Database> | Transaction<Database> = db) =>
    endSessionsIn(trx, selector, now),

  /** The tools and clients each of these sessions signed into, the most recent first (the Devices page). */
  signInsOf: (sessionIds: string[]) =>
    sessionIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('session_sign_ins')
          .selectAll()
          .where('session_id', 'in', sessionIds)
          .orderBy('last_at', 'desc')
          .execute(),

  /** Records that a session signed into a tool or client (again): once per session and tool/client. */
  recordSignIn: async (
    row: { sessionId: string; kind: 'tool' | 'client'; ref: string; name: string },
    now: number,
  ) => {
    await db
      .insertInto('session_sign_ins')
      .values({
        session_id: row.sessionId,
        kind: row.kind,
        ref: row.ref,
        name: row.name,
        first_at: now,
        last_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['session_id', 'kind', 'ref']).doUpdateSet({ last_at: now, name: row.name }),
      )
      .execute();
  },

  insert: async (session: SessionsTable) => {
    await insertSession(db, session);
  },

  /** The methods a live session has proved, after a second step added one (sso/complete-sign-in.ts). */
  setAmr: async (id: string, amr: string) => {
    await db.updateTable('sessions').set({ amr }).where('id', '=', id).execute();
  },

  findActive: (id: string, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** The account's live sessions, the most recently used first (the Devices page). */
  listActiveFor: (accountId: string, now: number) =>
    db
      .selectFrom('sessions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute(),

  /**
   * Records that a session was used, unless another request (of any process) did after `staleBefore`:
   * the condition makes the write happen at most once per interval per session.
   */
  touch: (id: string, now: number, staleBefore: number) =>
    db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .where('last_seen_at', '<=', staleBefore)
      .execute(),
});
export type SessionQueries = ReturnType<typeof createSessionQueries>;
