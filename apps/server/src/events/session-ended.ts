import type { Transaction } from 'kysely';
import type { Database } from '../storage/schema.js';
import { createSessionQueries, type EndedSessions, type SessionSelector } from '../storage/sessions.js';
import { emitAccountEvent } from './emit.js';

/**
 * The first half of single sign-out (sso/session-end.ts endSessionsIn, which every session end goes
 * through), inside the caller's transaction: the session rows are revoked with the OpenID Connect
 * sessions and tokens made from them (storage/sessions.ts `end`), and each ended session's
 * `session.ended` event is written to the outbox, so it is sent if and only if the end commits.
 * It lives here, below services/, so the account erasure (services/account-erasure.ts, run by the
 * cleanup without a hub) ends sessions the same way; the caller announces what ended after the
 * commit (sso/session-end.ts announceEndedSessions).
 */
export const endSessionRows = async (
  trx: Transaction<Database>,
  selector: SessionSelector,
  now: number,
): Promise<EndedSessions> => {
  const ended = await createSessionQueries(trx).end(selector, now, trx);
  for (const session of ended.sessions)
    await emitAccountEvent(trx, { kind: 'session.ended', accountId: session.accountId }, now);
  return ended;
};
