import type { Transaction } from 'kysely';
import { endSessionRows } from '../events/session-ended.js';
import type { Hub } from '../hub.js';
import type { Database } from '../storage/schema.js';
import type { EndedSessions, SessionSelector } from '../storage/sessions.js';

/**
 * Single sign-out (issue #32, docs/architecture.md "Every session ends in one place"). Every way a
 * hub session ends — sign-out, RP-initiated logout, ending a device or the other devices, a
 * password change or reset, an account deletion, an operator — goes through the two halves here:
 *
 * 1. `endSessionsIn(hub, selector, now, trx)`, inside the caller's transaction: the session rows are
 *    revoked (storage/sessions.ts `end`), the OpenID Connect sessions and tokens made from them
 *    deleted, and a `session.ended` event queued for the tools (events/, the transactional outbox);
 * 2. `announceEndedSessions(hub, ended)` once that transaction has committed: every listener is
 *    told what ended. The OpenID Connect provider listens (oidc/provider.ts) and sends back-channel
 *    logout to the clients.
 *
 * `endSessions` does both for a caller with nothing else to write.
 */

/** Told, after the commit, what a session end ended. A listener's failure never undoes the sign-out. */
export type SessionEndListener = (ended: EndedSessions) => Promise<void>;

const listeners = new WeakMap<Hub, SessionEndListener[]>();

/** Adds a listener to this hub's session ends; returns its removal. */
export const onSessionsEnded = (hub: Hub, listener: SessionEndListener) => {
  const list = listeners.get(hub) ?? [];
  list.push(listener);
  listeners.set(hub, list);
  return () => {
    const at = list.indexOf(listener);
    if (at >= 0) list.splice(at, 1);
  };
};

/** Tells every listener what ended (after the commit). Returns what it was given. */
export const announceEndedSessions = async (hub: Hub, ended: EndedSessions) => {
  if (ended.sessions.length === 0) return ended;
  await Promise.all(
    (listeners.get(hub) ?? []).map((listener) =>
      listener(ended).catch((error: unknown) =>
        hub.log.warn({ err: (error as Error).message }, 'a session-end listener failed'),
      ),
    ),
  );
  return ended;
};

/**
 * The first half, inside the caller's transaction: the sessions and their OpenID Connect sign-ins
 * end, and each ended session's `session.ended` event (the legacy tools' single sign-out, events/)
 * is written to the outbox in the same transaction, so it is sent if and only if the end committed.
 */
export const endSessionsIn = async (
  _hub: Hub,
  selector: SessionSelector,
  now: number,
  trx: Transaction<Database>,
): Promise<EndedSessions> => endSessionRows(trx, selector, now);

/**
 * Ends sessions and announces it: in its own transaction, or in `within` (the caller's writes
 * beside it, e.g. an audit row) which runs in the same one. Returns what ended and what `within` returned.
 */
export const endSessions = async <T = undefined>(
  hub: Hub,
  selector: SessionSelector,
  within?: (trx: Transaction<Database>, ended: EndedSessions) => Promise<T>,
) => {
  const now = hub.now();
  const { ended, result } = await hub.db.transaction().execute(async (trx) => {
    const ended = await endSessionsIn(hub, selector, now, trx);
    return { ended, result: within ? await within(trx, ended) : undefined };
  });
  await announceEndedSessions(hub, ended);
  return { ended, result: result as T };
};

export type { EndedSessions, SessionSelector };
