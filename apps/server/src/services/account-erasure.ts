import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAccountDataQueries } from '../storage/account-data.js';
import type { Database } from '../storage/schema.js';
import { sharedSecret } from '../storage/secrets.js';
import { recordAudit } from './audit.js';

/** Accounts erased per run of the cleanup (each in its own transaction). */
export const ERASURE_BATCH_SIZE = 100;

/**
 * The name an erased account's audit rows keep: a keyed hash of its id, the same for every row of
 * the account (so an operator can still read one person's history as a whole) but not reversible
 * to the account or linkable to anything outside the audit log.
 */
export const pseudonymOf = (secret: Buffer, accountId: string) =>
  `erased:${createHmac('sha256', secret).update(accountId).digest('hex').slice(0, 32)}`;

/**
 * Erases the accounts whose deletion is due (docs/data-retention.md "Deleted accounts"): run by the
 * cleanup (the in-process job and `hub cleanup`). Returns how many it erased.
 */
export const eraseDueAccounts = async (
  db: Kysely<Database>,
  now: number,
  options: {
    dryRun?: boolean;
    limit?: number;
    /** Awaited after each account with the time its erasure took (the in-process job yields there). */
    rest?: (ms: number) => Promise<void>;
  } = {},
): Promise<number> => {
  const due = await createAccountDataQueries(db).dueForErasure(now, options.limit ?? ERASURE_BATCH_SIZE);
  if (options.dryRun || due.length === 0) return due.length;
  const secret = await sharedSecret(db, 'audit_pseudonyms', now);
  let erased = 0;
  for (const account of due) {
    const started = performance.now();
    const pseudonym = pseudonymOf(secret, account.id);
    const done = await db.transaction().execute(async (trx) => {
      const gone = await createAccountDataQueries(trx).erase(trx, account, now, pseudonym);
      if (gone)
        await recordAudit(trx, { event: 'account.erased', outcome: 'success', accountId: pseudonym }, now);
      return gone;
    });
    if (done) erased += 1;
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
  ip: string | null,
) => {
  const now = hub.now();
  const cancelled = await createAccountDataQueries(hub.db).cancelDeletion(accountId, now);
  if (cancelled)
    await recordAudit(
      hub.db,
      { event: 'account.deletion_cancelled', outcome: 'success', accountId, ip },
      now,
    );
  return cancelled;
};
