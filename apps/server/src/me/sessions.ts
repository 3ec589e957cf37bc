import { describeUserAgent, type MeSession } from '@hub/core';
import { HubError } from '../errors.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { sha256 } from '../services/tokens.js';
import { endSessions } from '../sso/session-end.js';
import type { SessionsTable } from '../storage/schema.js';

/**
 * A session's id for the browser. The stored id is the hash the cookie's token is looked up by; the
 * page gets a hash of that instead, so nothing the API shows is a key of the sessions table.
 */
export const publicSessionId = (storedId: string) =>
  sha256(`account-center-session:${storedId}`).slice(0, 32);

type SignedInto = MeSession['signedInto'];

const viewOf = (row: SessionsTable, currentId: string, signedInto: SignedInto): MeSession => ({
  id: publicSessionId(row.id),
  device: describeUserAgent(row.user_agent).words,
  ip: row.ip,
  platform: row.platform,
  method: row.auth_method,
  signedInAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  current: row.id === currentId,
  signedInto,
});

/** Every live hub session of the signed-in account, the current one marked (and listed first). */
export const listSessions = async (hub: Hub, { session, account }: SignedInPerson) => {
  await hub.throttle.consume('meDevicesReadPerAccount', account.id);
  const rows = await hub.sessions.listActiveFor(account.id, hub.now());
  const signIns = await hub.sessions.signInsOf(rows.map((row) => row.id));
  const intoOf = (id: string): SignedInto =>
    signIns
      .filter((s) => s.session_id === id)
      .map((s) => ({ kind: s.kind, name: s.name, lastAt: s.last_at }));
  const views = rows.map((row) => viewOf(row, session.id, intoOf(row.id)));
  return { sessions: [...views.filter((v) => v.current), ...views.filter((v) => !v.current)] };
};

/**
 * Ends one of the account's live sessions: that browser's next request is refused (401
 * session.required). It is what single logout does to a session (sso/session-end.ts): the OpenID
 * Connect sign-ins made from it end with it, and their clients are told (back-channel logout). Another account's session, or one that has ended,
 * is one that does not exist (404), so an id tells nothing about other accounts.
 */
export const endSession = async (
  hub: Hub,
  { session, account }: SignedInPerson,
  publicId: string,
  from: ClientOrigin,
): Promise<{ signedOut: boolean }> => {
  await hub.throttle.consume('meDevicesChangePerAccount', account.id);
  const now = hub.now();
  const target = (await hub.sessions.listActiveFor(account.id, now)).find(
    (row) => publicSessionId(row.id) === publicId,
  );
  if (!target) throw new HubError('session.not_found');
  const signedOut = target.id === session.id;
  await endSessions(hub, { accountId: account.id, only: target.id }, async (trx, ended) => {
    if (ended.sessions.length !== 1) throw new HubError('session.not_found');
    await recordAudit(
      trx,
      {
        event: 'session.ended',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: {
          scope: signedOut ? 'current' : 'one',
          ended: 1,
          device: describeUserAgent(target.user_agent).words,
        },
      },
      now,
    );
  });
  return { signedOut };
};

/** Ends every other live session of the account; this browser stays signed in. */
export const endOtherSessions = async (
  hub: Hub,
  { session, account }: SignedInPerson,
  from: ClientOrigin,
) => {
  await hub.throttle.consume('meDevicesChangePerAccount', account.id);
  const now = hub.now();
  // What the answer counts: the live ones (the update also marks expired rows, as a reset does).
  const others = (await hub.sessions.listActiveFor(account.id, now)).filter((row) => row.id !== session.id);
  const { result: ended } = await endSessions(
    hub,
    { accountId: account.id, keep: session.id },
    async (trx) => {
      const count = others.length;
      await recordAudit(
        trx,
        {
          event: 'session.ended',
          outcome: 'success',
          accountId: account.id,
          from,
          detail: { scope: 'others', ended: count },
        },
        now,
      );
      return count;
    },
  );
  return { ended };
};
