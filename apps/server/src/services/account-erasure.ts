import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emitAccountEvent } from '../events/emit.js';
import { endSessionRows } from '../events/session-ended.js';
import { createAccountDataQueries } from '../storage/account-data.js';
import type { Database } from '../storage/schema.js';
import { sharedSecret } from '../storage/secrets.js';
import type { EndedSessions } from '../storage/sessions.js';
import { type RequestOrigin, recordAudit } from './audit.js';

/** Thrown inside an erasure's transaction to roll it back: the deletion is no longer due. */
const notDue = new Error('deletion no longer due');

/** Accounts erased per run of the cleanup (each in its own transaction). */
export const ERASURE_BATCH_SIZE = 100;

/**
 * The name an erased account's audit rows keep: a keyed hash of its id, the same for every row of
 * the account (so an operator can still read one person's history as a whole) but not reversible
 * to the account or linkable to anything outside the audit log.
 */
export const pseudonymOf = (secret: Buffer, accountId: string) =>
  `erased:${createHmac('sha256', secret).update(accountId).digest('hex').slice(0, 32)}`;

interface ErasureOptions {
  dryRun?: boolean;
  limit?: number;
  /** Awaited after each account with the time its erasure took (the in-process job yields there). */
  rest?: (ms: number) => Promise<void>;
  /**
   * Told, after each erasure commits, which sessions it ended (sso/session-end.ts
   * announceEndedSessions: the OpenID Connect clients' back-channel logout). A running hub's
   * cleanup passes it; `hub cleanup` has no provider to send from (docs/sessions.md).
   */
  announce?: (ended: EndedSessions) => Promise<void>;
}

/**
 * Erases the accounts whose deletion is due (docs/data-retention.md "Deleted accounts"): run by the
 * cleanup (the in-process job and `hub cleanup`). Returns how many it erased.
 */
export const eraseDueAccounts = async (
  db: Kysely<Database>,
  now: number,
  options: ErasureOptions = {},
): Promise<number> => {
  const queries = createAccountDataQueries(db);
  const due = await queries.dueForErasure(now, options.limit ?? ERASURE_BATCH_SIZE);
  if (options.dryRun) return due.length;
  const erased = due.length === 0 ? 0 : await eraseEach(db, due, now, options);
  // The flows of the accounts erased here (or by a run that stopped before its sweep), and again of
  // those erased at least a settling time ago.
  await queries.sweepErasedFlows(now, options.rest);
  return erased;
};

/** Each due account erased in a transaction of its own; how many were still due. */
const eraseEach = async (
  db: Kysely<Database>,
  due: readonly { id: string; email: string | null }[],
  now: number,
  options: ErasureOptions,
) => {
  const secret = await sharedSecret(db, 'audit_pseudonyms', now);
  let erased = 0;
  for (const account of due) {
    const started = performance.now();
    const pseudonym = pseudonymOf(secret, account.id);
    let ended: EndedSessions | undefined;
    const done = await db
      .transaction()
      .execute(async (trx) => {
        // Chosen before the erasure takes the memberships: the tools and platforms that held the person.
        await emitAccountEvent(trx, { kind: 'account.deleted', accountId: account.id }, now);
        // Not due any more (a sign-in cancelled it a moment ago): the event is rolled back with the rest.
        const erasedNow = await createAccountDataQueries(trx).erase(
          trx,
          account,
          now,
          pseudonym,
          async () => {
            // The sessions still live (the one that asked for the deletion) end by the single sign-out:
            // their OpenID Connect sign-ins with them, `session.ended` queued after `account.deleted`
            // (which clears the account's earlier events), while the memberships still name the tools.
            ended = await endSessionRows(trx, { accountId: account.id }, now);
          },
        );
        if (!erasedNow) throw notDue;
        await recordAudit(
          trx,
          { event: 'account.erased', outcome: 'success', accountId: pseudonym, from: null },
          now,
        );
        return true;
      })
      .catch((error: unknown) => {
        if (error === notDue) return false;
        throw error;
      });
    if (done) erased += 1;
    if (done && ended && options.announce) await options.announce(ended);
    await options.rest?.(performance.now() - started);
  }
  return erased;
};

/**
 * Cancels a pending deletion: the account center's button, and every sign-in (the single completion
 * step calls it), since signing in within the grace period is how a person keeps the account.
 * True when there was one. One indexed update that matches nothing for almost every sign-in.
 */
export const cancelDeletion = async (
  hub: { db: Kysely<Database>; now: () => number },
  accountId: string,
  from: RequestOrigin,
) => {
  const now = hub.now();
  const cancelled = await createAccountDataQueries(hub.db).cancelDeletion(accountId, now);
  if (cancelled)
    await recordAudit(
      hub.db,
      { event: 'account.deletion_cancelled', outcome: 'success', accountId, from },
      now,
    );
  return cancelled;
};
